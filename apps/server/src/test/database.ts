import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createKysely, openPglite, type OpenDatabase } from '../lib/db.ts';
import { withDatabase } from './database-url.ts';

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(): Promise<OpenDatabase> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(template.file)]) });
    return openPglite(pglite);
  }
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(template.url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: withDatabase(template.url, name), max: 5 });
  // DROP … WITH (FORCE) ends connections the pool is still closing; that error is expected.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') throw err;
  });
  const db = createKysely(new PostgresDialect({ pool }));
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: withDatabase(template.url, 'postgres') });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
