import type { Kysely } from 'kysely';

// Issue 6: POST /upload-ai-server is idempotent. A repeat with the same recordings (a client retry
// after a slow scoring) answers the stored result instead of a second result and notification;
// the sorted record ids identify the set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assessment_results').addColumn('record_ids', 'text').execute();
  await db.schema.createIndex('assessment_results_record_ids_idx').on('assessment_results').column('record_ids').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
