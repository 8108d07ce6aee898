import type { Kysely } from 'kysely';

// Whether the provider vouched for the account's email when the identity was linked. A password
// reset (which proves the mailbox) removes identities linked through a typed-in email, so nobody
// keeps a way into an account created with somebody else's address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('social_identities')
    .addColumn('email_from_provider', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
