export * from './amp';
