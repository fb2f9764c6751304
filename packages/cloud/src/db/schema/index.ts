/**
 * Every table, one file per domain. A domain adds `src/db/schema/<domain>.ts` and one line here, then runs
 * `npm run db:generate -w @rackside/cloud` to write the next migration into src/db/migrations.
 */
export * from './identity';
export * from './mail';
export * from './venues';
export * from './devices';
export * from './contacts';
export * from './firmware';
export * from './rollouts';
export * from './incidents';
export * from './live';
export * from './remote';
export * from './orgs';
export * from './audit';
export * from './passkeys';
