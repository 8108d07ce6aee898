import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Side effect behind an interface (STYLE): the local outbox by default, SMTP by configuration. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

/** Stores every mail in the `outbox` table and prints it to the log (readable at /dev/outbox). */
export function createOutboxMailer(deps: { db: Db; clock: Clock; log?: Pick<FastifyBaseLogger, 'info'> }): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await deps.db
        .insertInto('outbox')
        .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, createdAt: deps.clock.now() })
        .execute();
      deps.log?.info({ to: mail.to, subject: mail.subject }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

/** Newest first; `to` filters by recipient (the e2e tests read their code this way). */
export async function listOutbox(db: Db, options: { to?: string | undefined; limit?: number }): Promise<OutboxMail[]> {
  let q = db
    .selectFrom('outbox')
    .select(['id', 'toAddress', 'subject', 'textBody', 'htmlBody', 'createdAt'])
    .orderBy('id', 'desc')
    .limit(options.limit ?? 100);
  if (options.to) q = q.where('toAddress', '=', options.to.trim().toLowerCase());
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    created_at: r.createdAt.toISOString(),
  }));
}
