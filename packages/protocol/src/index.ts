export * from './device/index';
export * from './rules/index';
export * from './catalog/index';
export * from './touch/index';
export * from './cloud/index';
export * from './transfer/index';
