/**
 * `@rackside/protocol/testing`: what tests of the fast paths share (the reference implementations, the strict
 * comparison, edited inputs). Only tests import it; the package's main entry never does, so bundles never hold it.
 */
export * from './edited';
export * from './identical';
export * from './reference';
export { isObj } from '../json';
