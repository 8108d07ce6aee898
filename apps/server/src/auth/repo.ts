import { sql } from 'kysely';
import type { CodePurpose, Db } from '../lib/db.ts';

// ---- sessions ----

export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; remember: boolean; ip: string | null; userAgent: string | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

/** A live session: not revoked and not expired at `now`. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date): Promise<{ sessionId: number; userId: number; roleId: number } | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.id as sessionId', 'u.id as userId', 'u.roleId'])
    .where('s.tokenHash', '=', tokenHash)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: now }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute();
}

export async function revokeUserSessions(db: Db, userId: number, now: Date, options: { exceptSessionId?: number } = {}): Promise<void> {
  let q = db.updateTable('sessions').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null);
  if (options.exceptSessionId !== undefined) q = q.where('id', '!=', options.exceptSessionId);
  await q.execute();
}

// ---- emailed codes ----

export async function findEmailCode(db: Db, userId: number, purpose: CodePurpose) {
  return db
    .selectFrom('emailCodes')
    .select(['id', 'codeHash', 'sentAt', 'expiresAt', 'attempts', 'consumedAt'])
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** A new code replaces the previous one of the same purpose (one live code at a time). */
export async function upsertEmailCode(db: Db, values: { userId: number; purpose: CodePurpose; codeHash: string; sentAt: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('emailCodes')
    .values({ ...values, attempts: 0, consumedAt: null })
    .onConflict((oc) =>
      oc.columns(['userId', 'purpose']).doUpdateSet({ codeHash: values.codeHash, sentAt: values.sentAt, expiresAt: values.expiresAt, attempts: 0, consumedAt: null }),
    )
    .execute();
}

/** Counts one wrong try atomically; returns the new count, or undefined if the limit was already reached. */
export async function incrementCodeAttempts(db: Db, id: number, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('emailCodes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Marks the code used; false when another request used it first. */
export async function consumeEmailCode(db: Db, id: number, now: Date): Promise<boolean> {
  const res = await db.updateTable('emailCodes').set({ consumedAt: now }).where('id', '=', id).where('consumedAt', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- sign-in attempts (captcha trigger) ----

export async function insertLoginAttempt(db: Db, values: { email: string; ip: string; succeeded: boolean; at: Date }): Promise<void> {
  await db.insertInto('loginAttempts').values(values).execute();
}

/** Failed sign-ins for the email since `since` and after its last success, and for the address since `since`. */
export async function countRecentFailures(db: Db, options: { email: string; ip: string; since: Date }): Promise<{ byEmail: number; byIp: number }> {
  // Ordered by id, not time: attempts in the same millisecond keep their order.
  const lastSuccess = await db
    .selectFrom('loginAttempts')
    .select('id')
    .where('email', '=', options.email)
    .where('succeeded', '=', true)
    .where('at', '>', options.since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const [byEmail, byIp] = await Promise.all([
    db
      .selectFrom('loginAttempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', options.email)
      .where('succeeded', '=', false)
      .where('at', '>', options.since)
      .$if(lastSuccess !== undefined, (q) => q.where('id', '>', lastSuccess?.id ?? '0'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loginAttempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ip', '=', options.ip)
      .where('succeeded', '=', false)
      .where('at', '>', options.since)
      .executeTakeFirstOrThrow(),
  ]);
  return { byEmail: Number(byEmail.n), byIp: Number(byIp.n) };
}

/** Records a used captcha solution; false when it was used before (replay). */
export async function markCaptchaSolutionUsed(db: Db, fingerprint: string, now: Date): Promise<boolean> {
  const res = await db
    .insertInto('captchaSolutions')
    .values({ fingerprint, usedAt: now })
    .onConflict((oc) => oc.column('fingerprint').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

// ---- social identities ----

export async function findSocialIdentity(db: Db, provider: 'google' | 'facebook', subject: string): Promise<{ userId: number } | undefined> {
  return db.selectFrom('socialIdentities').select('userId').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

export async function linkSocialIdentity(
  db: Db,
  values: { provider: 'google' | 'facebook'; subject: string; userId: number; emailFromProvider: boolean },
): Promise<void> {
  await db.insertInto('socialIdentities').values(values).onConflict((oc) => oc.columns(['provider', 'subject']).doNothing()).execute();
}

/** After a password reset: identities linked through a typed-in email lose their way in. */
export async function unlinkTypedEmailIdentities(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('socialIdentities').where('userId', '=', userId).where('emailFromProvider', '=', false).execute();
}

// ---- housekeeping ----

/** Deletes rows that no rule reads any more; safe to run on every instance at once. */
export async function deleteStaleAuthRows(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await db.deleteFrom('loginAttempts').where('at', '<', dayAgo).execute();
  await db.deleteFrom('captchaSolutions').where('usedAt', '<', dayAgo).execute();
  await db.deleteFrom('emailCodes').where('expiresAt', '<', dayAgo).execute();
  // Ended sessions are kept a month for support questions ("was I signed in on that day?").
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000);
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<', monthAgo), eb('revokedAt', '<', monthAgo)]))
    .execute();
}
