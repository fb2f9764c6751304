export * from './device/index';
