import { sql, type Kysely } from 'kysely';

// The course catalogue (spec: learning §3 Module, Lesson item), loaded from `content/` by the
// seed at every start, and each learner's state in it: completed lessons (§4 Progress reporting),
// the resume position (docs/decisions/008), listen-and-choose answers (§4, §5: one answer per item),
// module scores (docs/decisions/009), fluency-activity reviews, recordings and their assessments.
// DESIGN "Nothing is lost": a recording row and its blob exist before scoring starts; the
// assessment row keeps its status so a failed scoring can be retried.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('module_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('modules')
    // The content's stable numeric id (/modules/3 is the first intro module).
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('module_groups.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon_key', 'text', (c) => c.notNull())
    .addColumn('gray_icon_key', 'text', (c) => c.notNull())
    .addColumn('is_intro', 'boolean', (c) => c.notNull())
    .addColumn('focus', 'text', (c) => c.notNull().check(sql`focus in ('sounds', 'prosody')`))
    .addColumn('sounds', 'jsonb', (c) => c.notNull())
    // Per-section titles and start/completion messages, keyed by section.
    .addColumn('sections', 'jsonb', (c) => c.notNull())
    .addColumn('sample_feedback', 'jsonb')
    // A module dropped from the content is hidden, never deleted: learners' rows point at it.
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('unique_id', 'text', (c) => c.notNull().unique())
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id'))
    .addColumn('lesson_type', 'text', (c) =>
      c.notNull().check(sql`lesson_type in ('preLesson', 'guidedLesson', 'fluencyActivity', 'finalAssignment')`),
    )
    .addColumn('guided_lesson_type', 'text', (c) => c.check(sql`guided_lesson_type in ('lesson', 'listen_records', 'listen_options', 'recognising_tools')`))
    // Position in the module's step order (spec §4), from 0.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // What is said or shown: the word, phrase or sentence.
    .addColumn('text', 'text')
    .addColumn('description', 'text')
    .addColumn('tip', 'text')
    .addColumn('focus', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Media keys relative to the media root (content/src/media/keys.ts).
    .addColumn('video_key', 'text')
    .addColumn('caption_key', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('lessons_module_position_idx').on('lessons').columns(['module_id', 'position']).execute();

  await db.schema
    .createTable('lesson_completions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_completions_pk', ['user_id', 'lesson_id'])
    .execute();

  await db.schema
    .createTable('module_positions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('module_positions_pk', ['user_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('listen_choose_answers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('is_correct', 'boolean', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('listen_choose_answers_pk', ['user_id', 'lesson_id'])
    .execute();

  await db.schema
    .createTable('module_scores')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id'))
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 100`))
    .addColumn('section_scores', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('module_scores_pk', ['user_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('fluency_reviews')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('fluency_reviews_pk', ['user_id', 'lesson_id'])
    .execute();

  await db.schema
    .createTable('recordings')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.references('modules.id'))
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('pre_lesson', 'listen_record', 'recognising_tool', 'fluency', 'final', 'other')`),
    )
    // What the learner was asked to say (scored against it).
    .addColumn('text', 'text')
    .addColumn('blob_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recordings_user_lesson_idx').on('recordings').columns(['user_id', 'lesson_id']).execute();

  await db.schema
    .createTable('assessments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('recording_id', 'integer', (c) => c.notNull().unique().references('recordings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pronunciation', 'fluency')`))
    // pending: scoring started or interrupted; failed: the engine failed (retry); retake: the
    // engine could not judge the recording (quality); scored: `score` holds the engine's total.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'scored', 'retake', 'failed')`))
    .addColumn('score', 'integer', (c) => c.check(sql`score between 0 and 100`))
    .addColumn('engine_result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assessments_status_idx').on('assessments').column('status').execute();

  // Model pronunciations rendered for advice, cached by text (one blob per distinct text).
  await db.schema
    .createTable('model_voices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('text', 'text', (c) => c.notNull().unique())
    .addColumn('blob_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
