export * from './device-actions';
export * from './frames';
export * from './locked-properties';
export * from './nst-proxy';
export * from './server';
export * from './session';
export * from './state-methods';
export type { ApiRequest, MethodSpec, Outcome, SessionContext } from './types';
