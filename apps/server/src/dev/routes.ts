import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { getOutbox } from './service.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The local outbox, outside production only (DESIGN: e-mail; docs/decisions/004). */
export function registerDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/dev/outbox.json', { schema: { hide: true } }, async (req) => {
    const { to } = req.query as { to?: string };
    return { mails: await getOutbox(deps, { to }) };
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (req, reply) => {
    const { to } = req.query as { to?: string };
    const mails = await getOutbox(deps, { to });
    const items = mails
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br>to ${escapeHtml(m.to)} · <time>${escapeHtml(m.created_at)}</time></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · ClearSpeak</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}pre{white-space:pre-wrap;font:inherit;margin:.5rem 0 0}header{color:#555}strong{color:#111}</style></head>
<body><h1>Outbox</h1><p>Mails the server sent, newest first${to ? ` (to ${escapeHtml(to)})` : ''}. Shown only outside production.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
