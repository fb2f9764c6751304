import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client';
import { migrate } from './migrate';

describe('createDb with PGlite in DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rackside-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across restarts and refuses a second opener while open', async () => {
    const config = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    const first = await createDb(config);
    expect(first.location).toBe(join(dataDir, 'pglite'));
    await migrate(first.db);
    await first.db.execute(sql`insert into outbox_mail ("to", subject, text) values ('a@b.c', 'kept', 'x')`);
    await expect(createDb(config)).rejects.toThrow(/has the database .* open already/);
    await first.close();
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    const again = await createDb(config);
    expect(await migrate(again.db)).toEqual([]);
    const rows = await again.db.execute(sql`select subject from outbox_mail`);
    expect((rows as { rows: { subject: string }[] }).rows).toEqual([{ subject: 'kept' }]);
    await again.close();
  }, 60_000);
});
