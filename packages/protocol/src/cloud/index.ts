export * from './mqtt';
export * from './errors';
export * from './identity';
export * from './outbox';
