import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type ColumnType, type Generated, type Migration, type MigrationProvider } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from '../migrations/index.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export type RoleIdColumn = 1 | 2 | 3;

// Column names are snake_case in SQL and camelCase here (CamelCasePlugin).
export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string | null;
  roleId: number;
  isVerified: Generated<boolean>;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  country: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birthday: string | null;
  nativeLanguage: string | null;
  photoKey: string | null;
  termsChecked: Generated<boolean>;
  referralCode: string;
  anonymousId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  remember: boolean;
  ip: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
}

export type CodePurpose = 'verify' | 'reset';
export interface EmailCodesTable {
  id: Generated<number>;
  userId: number;
  purpose: CodePurpose;
  codeHash: string;
  /** When the code was (last) mailed: the 1-per-minute resend rule reads it. */
  sentAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  consumedAt: Timestamp | null;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  email: string;
  ip: string;
  succeeded: boolean;
  at: Timestamp;
}

export interface CaptchaSolutionsTable {
  /** The verified solution's fingerprint: a solution is accepted once. */
  fingerprint: string;
  usedAt: Timestamp;
}

export interface SocialIdentitiesTable {
  provider: 'google' | 'facebook';
  subject: string;
  userId: number;
  /** false when the user typed the email because the provider gave none. */
  emailFromProvider: Generated<boolean>;
  createdAt: CreatedAt;
}

export type PlanType = 'app_only' | 'with_feedback';
export interface PlansTable {
  id: Generated<number>;
  /** Stable external id (payment provider price id / slug). */
  planId: string;
  name: string;
  displayName: string;
  planType: PlanType;
  imageUrl: string | null;
  originalPriceCents: number;
  priceCents: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  mostPopular: boolean;
  isTrialPlan: boolean;
  trialDays: number;
  trialAmountCents: number | null;
  description: string;
  isSubscribeble: boolean;
  isActive: boolean;
  planOptions: Json<string[]>;
  coachingSessionsPerMonth: number;
  trialCoachingSessions: number;
  sortOrder: number;
  createdAt: CreatedAt;
}

export type SubscriptionStatus = 'active' | 'trialing' | 'canceled';
export interface SubscriptionsTable {
  id: Generated<number>;
  userId: number;
  planId: number;
  status: SubscriptionStatus;
  createdAt: Timestamp;
  trialEndsAt: Timestamp | null;
  currentPeriodEnd: Timestamp | null;
  canceledAt: Timestamp | null;
  adminSubscribed: Generated<boolean>;
}

export interface CoachingCreditLedgerTable {
  id: Generated<number>;
  userId: number;
  subscriptionId: number | null;
  /** +n for a grant, -1 for a feedback request, +1 for a refund. */
  delta: number;
  reason: 'trial_grant' | 'monthly_grant' | 'feedback_request' | 'refund' | 'admin';
  /** A consumption's idempotency key (unique per user), null for grants. */
  key: string | null;
  createdAt: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  createdAt: Timestamp;
}

export interface EventsTable {
  id: Generated<number>;
  userId: number | null;
  name: string;
  properties: Json<Record<string, unknown>>;
  createdAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  emailCodes: EmailCodesTable;
  loginAttempts: LoginAttemptsTable;
  captchaSolutions: CaptchaSolutionsTable;
  socialIdentities: SocialIdentitiesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  coachingCreditLedger: CoachingCreditLedgerTable;
  outbox: OutboxTable;
  events: EventsTable;
}

export type Db = Kysely<Database>;

export interface OpenDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export function createKysely(dialect: PostgresDialect | PGliteDialect): Db {
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}

/** PostgreSQL when a URL is given, else PGlite persisted in `<dataDir>/db` (or in memory for `memory://`). */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle connection error: ${err.message}`));
    const db = createKysely(new PostgresDialect({ pool }));
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = path.join(options.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  return openPglite(pglite);
}

export function openPglite(pglite: PGlite): OpenDatabase {
  const db = createKysely(new PGliteDialect(pglite));
  return { db, kind: 'pglite', close: () => db.destroy() };
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Runs every pending forward-only migration; throws (and so stops boot) on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error instanceof Error ? error.message : error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
