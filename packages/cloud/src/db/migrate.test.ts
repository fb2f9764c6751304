import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/db';
import { migrate, readMigrations } from './migrate';
import * as schema from './schema/index';

const tables: PgTable[] = [];
for (const value of Object.values(schema) as unknown[]) if (is(value, PgTable)) tables.push(value);
const scratch = mkdtempSync(join(tmpdir(), 'rackside-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describeEachDatabase('migrations', (db) => {
  it('are applied once; running them again applies nothing', async () => {
    expect(await migrate(db())).toEqual([]);
  });

  it('give every table, column, nullability, type and index of src/db/schema (run db:generate when not)', async () => {
    const rows = await db().execute(sql`
      select table_name, column_name, is_nullable, data_type from information_schema.columns
      where table_schema = current_schema()`);
    const actual = new Set(
      (rows as { rows: Record<string, string>[] }).rows.map(
        (r) => `${r.table_name}.${r.column_name} ${r.data_type} ${r.is_nullable === 'YES' ? 'null' : 'not null'}`,
      ),
    );
    const indexRows = await db().execute(sql`select indexname from pg_indexes where schemaname = current_schema()`);
    const indexes = new Set((indexRows as { rows: { indexname: string }[] }).rows.map((r) => r.indexname));
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const want = `${getTableName(table)}.${column.name} ${column.getSQLType()} ${column.notNull ? 'not null' : 'null'}`;
        expect(actual, want).toContain(want);
      }
      for (const index of config.indexes) expect(indexes, index.config.name).toContain(index.config.name);
    }
  });

  it('refuses an applied migration whose file changed', async () => {
    const [first] = readMigrations();
    if (first === undefined) throw new Error('no migrations');
    writeFileSync(join(scratch, first.name), '-- edited\nselect 1;\n');
    await expect(migrate(db(), readMigrations(scratch))).rejects.toThrow(/changed after it was applied/);
  });
});
