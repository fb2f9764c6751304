export * from './file';
export * from './sections';
export * from './signature';
export * from './tunings';
export * from './batches';
