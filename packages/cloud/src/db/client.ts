/**
 * The database: PostgreSQL through node-postgres when DATABASE_URL is set, else PGlite (PostgreSQL in WebAssembly)
 * in DATA_DIR/pglite or in memory. Both give the same drizzle API over the same SQL; nothing else branches on it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ConfigError, IN_MEMORY, type Config } from '../config';
import * as schema from './schema/index';

/** The drizzle database every repository takes. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, for repositories that take part in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction: what a repository method runs its SQL on. */
export type Executor = Db | Tx;

/** An open database and how to close it. */
export interface Database {
  readonly db: Db;
  /** 'pglite' or 'postgres', for logs only: queries never branch on it. */
  readonly driver: 'pglite' | 'postgres';
  /** Where it lives, for logs (the password of a URL is masked). */
  readonly location: string;
  close(): Promise<void>;
}

/** Options when a caller (the test helper) hands over a PGlite data-dir image to start from. */
export interface CreateDbOptions {
  readonly pgliteImage?: Blob;
}

const maskPassword = (url: string): string => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second cloud on the same DATA_DIR would corrupt it. A pid file next to the
 * data directory refuses that (a stale one, left by a crash, is taken over). Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(join(dataDir, '..'), { recursive: true });
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new ConfigError(
        `A process (pid ${owner}) has the database in ${dataDir} open already; stop it or set DATA_DIR`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

/** Opens the database the configuration names (migrations are separate: see migrate.ts). */
export async function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: CreateDbOptions = {},
): Promise<Database> {
  if (config.DATABASE_URL !== undefined) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db: Db = drizzlePg({ client: pool, schema });
    return { db, driver: 'postgres', location: maskPassword(config.DATABASE_URL), close: () => pool.end() };
  }
  const dataDir = config.DATA_DIR === IN_MEMORY ? undefined : join(config.DATA_DIR, 'pglite');
  const unlock = dataDir === undefined ? () => undefined : lockDataDir(dataDir);
  const client = new PGlite({ dataDir, loadDataDir: options.pgliteImage });
  try {
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const db: Db = drizzlePglite({ client, schema });
  const close = async () => {
    await client.close();
    unlock();
  };
  return { db, driver: 'pglite', location: dataDir ?? 'memory', close };
}
