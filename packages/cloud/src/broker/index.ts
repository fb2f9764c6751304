export * from './acl';
export * from './embedded-broker';
export * from './logger';
export * from './service-client';
