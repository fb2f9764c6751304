export * from './mqtt';
export * from './errors';
export * from './identity';
export * from './outbox';
export * from './paths';
export * from './venues';
export * from './devices';
export * from './contacts';
