import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createKysely, migrateToLatest, openPglite } from '../lib/db.ts';
import { PostgresDialect } from 'kysely';
import { testDatabaseUrl, withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Builds the migrated database once per run (epic-stack's global setup): a PGlite data-dir
 * snapshot, or a PostgreSQL template database each test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = testDatabaseUrl();
  if (url) {
    const template = `cs_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const db = createKysely(new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(url, template), max: 1 }) }));
    await migrateToLatest(db);
    await db.destroy();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  // PGlite's initdb takes seconds, so the migrated snapshot is cached between runs, keyed by the
  // migrations' source and the PGlite version; a changed migration builds a new one.
  const file = path.join(tmpdir(), `clearspeak-pglite-template-${await templateKey()}.tar`);
  if (!existsSync(file)) {
    const pglite = await PGlite.create();
    const { db } = openPglite(pglite);
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    await db.destroy();
  }
  project.provide('dbTemplate', { kind: 'pglite', file });
  return async () => {};
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const dir = path.join(import.meta.dirname, '..', 'migrations');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  // The installed PGlite build (its data-dir format) is part of the key.
  let pkgDir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(pkgDir, 'package.json'))) pkgDir = path.dirname(pkgDir);
  hash.update(readFileSync(path.join(pkgDir, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}
