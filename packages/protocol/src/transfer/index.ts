export * from './file';
export * from './sections';
export * from './signature';
