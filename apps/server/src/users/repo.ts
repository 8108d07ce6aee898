import { sql } from 'kysely';
import type { Db, PlanType, SubscriptionStatus, UsersTable } from '../lib/db.ts';
import type { Insertable, Selectable } from 'kysely';

export type UserRow = Selectable<UsersTable>;

const USER_COLUMNS = [
  'id',
  'email',
  'passwordHash',
  'roleId',
  'isVerified',
  'name',
  'firstName',
  'lastName',
  'username',
  'country',
  'gender',
  'birthday',
  'nativeLanguage',
  'photoKey',
  'termsChecked',
  'referralCode',
  'anonymousId',
  'createdAt',
  'updatedAt',
] as const;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, 'passwordHash' | 'isVerified' | 'termsChecked' | 'anonymousId' | 'updatedAt'>>,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Sets the profile's native language; with `onlyIfEmpty`, only where none is set yet. True when changed. */
export async function setUserNativeLanguage(db: Db, row: { id: number; language: string; onlyIfEmpty: boolean; at: Date }): Promise<boolean> {
  let q = db.updateTable('users').set({ nativeLanguage: row.language, updatedAt: row.at }).where('id', '=', row.id);
  q = row.onlyIfEmpty
    ? q.where((eb) => eb.or([eb('nativeLanguage', 'is', null), eb('nativeLanguage', '=', '')]))
    : q.where((eb) => eb.or([eb('nativeLanguage', 'is', null), eb('nativeLanguage', '!=', row.language)]));
  const updated = await q.returning('id').executeTakeFirst();
  return updated !== undefined;
}

export async function isReferralCodeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('referralCode', '=', code).executeTakeFirst();
  return row !== undefined;
}

export interface CurrentSubscription {
  id: number;
  status: SubscriptionStatus;
  createdAt: Date;
  planId: number;
  planType: PlanType;
  adminSubscribed: boolean;
}

/**
 * The subscription that currently backs the user: the newest active or trialing one. Renewal and
 * expiry (which move a subscription to `canceled`) belong to billing's scheduled jobs.
 */
export async function findCurrentSubscription(db: Db, userId: number): Promise<CurrentSubscription | undefined> {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.planId')
    .select(['s.id', 's.status', 's.createdAt', 's.planId', 'p.planType', 's.adminSubscribed'])
    .where('s.userId', '=', userId)
    .where('s.status', 'in', ['active', 'trialing'])
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

/** Remaining coaching credit: the sum of the ledger (spec: accounts §4, coaching credit). */
export async function sumCoachingCredit(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coachingCreditLedger')
    .select(sql<string>`coalesce(sum(delta), 0)`.as('total'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(row.total));
}

export async function insertEvent(db: Db, values: { userId: number | null; name: string; properties: Record<string, unknown>; createdAt: Date }): Promise<void> {
  await db
    .insertInto('events')
    .values({ ...values, properties: JSON.stringify(values.properties) })
    .execute();
}
