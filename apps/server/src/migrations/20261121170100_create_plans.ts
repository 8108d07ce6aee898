import { sql, type Kysely } from 'kysely';

// Plans of both families, subscriptions and the coaching credit ledger (spec: accounts §3 Plan,
// Subscription; §4 coaching credit; §9 prices). Credits are a ledger so the remaining count is
// derived (sum of deltas), never stored twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('plan_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('plan_type', 'text', (c) => c.notNull().check(sql`plan_type in ('app_only', 'with_feedback')`))
    .addColumn('image_url', 'text')
    .addColumn('original_price_cents', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('interval', 'text', (c) => c.notNull().check(sql`interval in ('day', 'week', 'month', 'year')`))
    .addColumn('interval_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('most_popular', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_trial_plan', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_amount_cents', 'integer')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_subscribeble', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('plan_options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('coaching_sessions_per_month', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_coaching_sessions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'trialing', 'canceled')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('admin_subscribed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('coaching_credit_ledger')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('trial_grant', 'monthly_grant', 'feedback_request', 'refund', 'admin')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coaching_credit_ledger_user_id_idx').on('coaching_credit_ledger').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
