export * from './editor';
export * from './schema';
export * from './subgroups';
