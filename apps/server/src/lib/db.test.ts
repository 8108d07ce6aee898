import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase } from './db.ts';
import { migrations } from '../migrations/index.ts';
import { createTestDatabase } from '../test/database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database (PGlite in DATA_DIR/db)', () => {
  it('keeps its data across a restart, and a second migrate has nothing to do', async () => {
    const template = inject('dbTemplate');
    // Start from the migrated snapshot when there is one (initdb costs seconds); the path under
    // test is the reopen through openDatabase, which is what a second `npm start` does.
    if (template.kind === 'pglite') {
      mkdirSync(path.join(dataDir, 'db'), { recursive: true });
      const seeded = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: new Blob([readFileSync(template.file)]) });
      await seeded.close();
    }
    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await first.db.insertInto('outbox').values({ toAddress: 'keep@example.org', subject: 's', textBody: 't', htmlBody: null, createdAt: new Date() }).execute();
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      expect(await migrateToLatest(second.db)).toEqual([]);
      const rows = await second.db.selectFrom('outbox').select('toAddress').execute();
      expect(rows.map((r) => r.toAddress)).toEqual(['keep@example.org']);
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('migrations', () => {
  it('are all applied to the test template, in name order, named <timestamp>_<verb>_<noun>', async () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const n of names) expect(n).toMatch(/^\d{14}_[a-z]+_[a-z_]+$/);
    const database = await createTestDatabase();
    try {
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
