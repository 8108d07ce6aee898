import { sql, type Kysely } from 'kysely';

// Issue 5: human coaching. Feedback requests (a module's final assessment, or a fluency
// assessment), their items (the learner recordings a coach reviews), coach reply audio (stored
// when recorded, before the feedback is submitted), the submitted feedback and its per-item
// replies; the credit ledger's idempotency key; browser push subscriptions and app settings
// (the VAPID key pair, generated on first start).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A consumption's key (e.g. `request:12`): the same key twice takes one credit.
  await db.schema.alterTable('coaching_credit_ledger').addColumn('key', 'text').execute();
  await db.schema
    .createIndex('coaching_credit_ledger_key_idx')
    .on('coaching_credit_ledger')
    .columns(['user_id', 'key'])
    .unique()
    .where(sql.ref('key'), 'is not', null)
    .execute();
  // Keys recorded as events before this column existed.
  await sql`
    update coaching_credit_ledger l set key = e.properties->>'key'
    from events e
    where e.name = 'coaching-credit-consumed' and e.user_id = l.user_id and l.reason = 'feedback_request'
      and l.key is null and e.created_at = l.created_at`.execute(db);

  await db.schema
    .createTable('feedback_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('module', 'initial_assessment')`))
    .addColumn('module_id', 'integer', (c) => c.references('modules.id'))
    .addColumn('assessment_result_id', 'integer', (c) => c.references('assessment_results.id').onDelete('cascade'))
    // pending → claimed → answered; cleared by Practice Again; release: claimed → pending.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'claimed', 'answered', 'cleared')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('cleared_at', 'timestamptz')
    // Seconds coaches spent, claim to submit (or release), summed.
    .addColumn('time_spent_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'feedback_requests_target_ck',
      sql`(kind = 'module' and module_id is not null) or (kind = 'initial_assessment' and assessment_result_id is not null)`,
    )
    .execute();
  // One live (not cleared) request per module or assessment per learner.
  await db.schema
    .createIndex('feedback_requests_live_module_idx')
    .on('feedback_requests')
    .columns(['user_id', 'module_id'])
    .unique()
    .where(sql<boolean>`kind = 'module' and status <> 'cleared'`)
    .execute();
  await db.schema
    .createIndex('feedback_requests_live_assessment_idx')
    .on('feedback_requests')
    .columns(['user_id', 'assessment_result_id'])
    .unique()
    .where(sql<boolean>`kind = 'initial_assessment' and status <> 'cleared'`)
    .execute();
  await db.schema.createIndex('feedback_requests_status_idx').on('feedback_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('feedback_request_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('feedback_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // Exactly one source: a module recording (final or pre-lesson) or a fluency-assessment record.
    .addColumn('recording_id', 'integer', (c) => c.references('recordings.id').onDelete('cascade'))
    .addColumn('assessment_record_id', 'integer', (c) => c.references('assessment_records.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addCheckConstraint('feedback_request_items_source_ck', sql`(recording_id is null) <> (assessment_record_id is null)`)
    .execute();
  await db.schema.createIndex('feedback_request_items_request_idx').on('feedback_request_items').columns(['request_id', 'position']).unique().execute();

  await db.schema
    .createTable('coach_reply_audios')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('request_item_id', 'integer', (c) => c.notNull().references('feedback_request_items.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blob_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coach_feedbacks')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('request_id', 'integer', (c) => c.notNull().unique().references('feedback_requests.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Kept with the feedback so it still reads right if the coach's account changes.
    .addColumn('coach_name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // {pronunciation, fluency, intonation, stress}: 1–5 stars each.
    .addColumn('scores', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coach_feedback_replies')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('coach_feedbacks.id').onDelete('cascade'))
    .addColumn('request_item_id', 'integer', (c) => c.notNull().references('feedback_request_items.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('reply_audio_id', 'integer', (c) => c.references('coach_reply_audios.id'))
    .addUniqueConstraint('coach_feedback_replies_item_uq', ['feedback_id', 'request_item_id'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
