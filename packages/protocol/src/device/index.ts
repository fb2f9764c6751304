export * from './chosen';
export * from './choices';
export * from './derive';
export * from './messages';
export * from './models';
export * from './schema';
export * from './tree';
export * from './auth';
