import type { Db } from '../lib/db.ts';
import { listOutbox, type OutboxMail } from '../lib/mailer.ts';

export async function getOutbox(deps: { db: Db }, options: { to?: string | undefined }): Promise<OutboxMail[]> {
  return listOutbox(deps.db, { to: options.to, limit: 200 });
}
