import { sql, type Kysely } from 'kysely';

// The fluency assessment (spec: accounts §2, §3, §6, §9; issue 6): anonymous visitors, the stored
// assessment recordings (owned by a learner OR an anonymous visitor: the recordings table requires a
// user, so these keep their own blob key, MIME type, duration and size), the scored results, each
// learner's study plan, the notifications (learning §3 Notification) and the public variables
// (`{language}-asmtvideo`, accounts §2: even value → English intro video, odd → native language).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anonymous_visitors')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('claimed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('anonymous_visitors_unclaimed_idx').on('anonymous_visitors').column('created_at').where(sql.ref('claimed_by_user_id'), 'is', null).execute();

  await db.schema
    .createTable('assessment_records')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // Kept after a claim (where the data came from); the visitor row stays while claimed.
    .addColumn('anonymous_id', 'uuid', (c) => c.references('anonymous_visitors.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('native_language', 'text')
    .addColumn('blob_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    // stored: not scored yet; scored / retake: the engine's verdict (engine_result); failed: retry.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('stored', 'scored', 'retake', 'failed')`))
    .addColumn('score', 'integer', (c) => c.check(sql`score between 0 and 100`))
    .addColumn('engine_result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('assessment_records_owner_ck', sql`user_id is not null or anonymous_id is not null`)
    .execute();
  await db.schema.createIndex('assessment_records_user_idx').on('assessment_records').column('user_id').execute();
  await db.schema.createIndex('assessment_records_anonymous_idx').on('assessment_records').column('anonymous_id').execute();

  await db.schema
    .createTable('assessment_results')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('anonymous_id', 'uuid', (c) => c.references('anonymous_visitors.id').onDelete('cascade'))
    // The contract's AssessmentResult, as answered.
    .addColumn('result', 'jsonb', (c) => c.notNull())
    // Per weak sound: how often and how badly it failed (the plan is built from it, also at a claim).
    .addColumn('sound_weights', 'jsonb', (c) => c.notNull())
    .addColumn('overall_score', 'integer', (c) => c.notNull().check(sql`overall_score between 0 and 100`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('assessment_results_owner_ck', sql`user_id is not null or anonymous_id is not null`)
    .execute();
  await db.schema.createIndex('assessment_results_user_idx').on('assessment_results').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('assessment_results_anonymous_idx').on('assessment_results').column('anonymous_id').execute();

  await db.schema
    .createTable('study_plan_modules')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id'))
    .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessment_results.id').onDelete('cascade'))
    .addColumn('priority', 'real', (c) => c.notNull())
    .addColumn('sounds', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('study_plan_modules_pk', ['user_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('notification_type', 'text', (c) =>
      c.notNull().check(sql`notification_type in ('module-assessment-coach-feedback', 'initial-assessment-coach-feedback', 'initial-assessment-ai-feedback')`),
    )
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_created_idx').on('notifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('variables')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  // accounts §2, §9: English even; every native language with an intro video odd; the other
  // languages of the assessment's radios and dropdown even (they see the English video).
  const withVideo = ['spanish', 'bengali', 'chinese', 'hindi', 'portuguese', 'french', 'arabic'];
  const withoutVideo = [
    'persian', 'other', 'others', 'russian', 'japanese', 'punjabi', 'german', 'javanese', 'malay-indonesian',
    'korean', 'telugu', 'vietnamese', 'marathi', 'tamil', 'urdu', 'turkish', 'italian', 'thai', 'polish',
  ];
  const rows = [
    { key: 'english-asmtvideo', value: 0 },
    ...withVideo.map((l) => ({ key: `${l}-asmtvideo`, value: 1 })),
    ...withoutVideo.map((l) => ({ key: `${l}-asmtvideo`, value: 0 })),
  ];
  await (db as Kysely<{ variables: { key: string; value: number } }>).insertInto('variables').values(rows).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
