import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_BASE, NOTIFICATION_STREAM_EVENTS, notificationsRoutes as r, type Notification } from '@clearspeak/contract';
import type { Db } from '../lib/db.ts';
import { authorizeRequest, type Authenticator } from '../lib/routing.ts';
import type { HubMessage, NotificationHub } from './hub.ts';
import { countUnreadNotifications } from './repo.ts';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const KEEP_ALIVE_MS = 25_000;

function bearerToken(header: string | undefined): string | null {
  return (header && /^Bearer\s+(\S+)$/i.exec(header)?.[1]) || null;
}

function event(name: string, data: unknown): string {
  // JSON has no raw newlines, so one `data:` line carries it.
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/notifications/stream (contract `notificationStream`): server-sent events for the
 * caller. `unread` ({count}) on connect and whenever the count changes, `notification` when one is
 * created (on any instance, through the hub), a comment every 25 s. The token is checked again at
 * each keep-alive, so a signed-out session's stream ends.
 */
export function registerNotificationStream(
  app: FastifyInstance,
  deps: { db: Db; hub: NotificationHub; authenticate: Authenticator; keepAliveMs?: number },
): void {
  const open = new Set<() => void>();
  // Open streams never go idle, so the server would wait for them forever on close.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    API_BASE + r.notificationStream.path,
    {
      schema: { summary: r.notificationStream.summary, security: [{ bearerAuth: [] }], produces: ['text/event-stream'] },
      preHandler: (req) => authorizeRequest(deps.authenticate, r.notificationStream.auth, req),
    },
    async (req, reply) => {
      const auth = req.auth;
      if (!auth) return;
      const token = bearerToken(req.headers.authorization);
      const res: ServerResponse = reply.raw;
      reply.hijack();
      // Helmet's headers (set on the reply) plus the stream's own; no compression, no proxy buffering.
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');

      let closed = false;
      // Writes happen in order: each message re-reads the count after the previous one was sent.
      let queue = Promise.resolve();
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(work).catch((err: unknown) => {
          req.log.warn({ err }, 'notification stream write failed');
          end();
        });
      };
      const sendUnread = async () => {
        const count = await countUnreadNotifications(deps.db, auth.userId);
        if (!closed) res.write(event(NOTIFICATION_STREAM_EVENTS.unread, { count }));
      };
      const sendNotification = (notification: Notification) => {
        if (!closed) res.write(event(NOTIFICATION_STREAM_EVENTS.notification, notification));
      };
      const onMessage = (message: HubMessage) => {
        enqueue(async () => {
          if (message.notification) sendNotification(message.notification);
          await sendUnread();
        });
      };
      const unsubscribe = deps.hub.subscribe(auth.userId, onMessage);
      enqueue(sendUnread);

      const keepAlive = setInterval(() => {
        enqueue(async () => {
          const still = token ? await deps.authenticate(token) : null;
          if (!still || still.userId !== auth.userId) return end();
          if (!closed) res.write(': keep-alive\n\n');
        });
      }, deps.keepAliveMs ?? KEEP_ALIVE_MS);

      function end() {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(end);
        res.end();
      }
      open.add(end);
      res.on('close', end);
    },
  );
}
