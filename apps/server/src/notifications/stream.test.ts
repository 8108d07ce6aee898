import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../lib/db.ts';
import type { AuthContext } from '../lib/routing.ts';
import { createTestDatabase } from '../test/database.ts';
import { createInProcessHub } from './hub.ts';
import { registerNotificationStream } from './stream.ts';
import { openSse } from './test-helpers.ts';

// The stream's own housekeeping, on a bare server with a fast keep-alive and sessions the test controls.

let database: OpenDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function server(sessions: Map<string, AuthContext>): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  registerNotificationStream(app, {
    db: database.db,
    hub: createInProcessHub(),
    authenticate: async (token) => sessions.get(token) ?? null,
    keepAliveMs: 50,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/notifications/stream` };
}

describe('notification stream housekeeping', () => {
  it('sends keep-alive comments and ends the stream once the session is signed out', async () => {
    const sessions = new Map([['tok', { userId: 1, roleId: 2, sessionId: 1 }]]);
    const { app, url } = await server(sessions);
    try {
      const s = await openSse(url, 'tok');
      await s.next((e) => e.event === 'unread');
      await s.next((e) => e.event === ':' && e.data === 'keep-alive');
      sessions.delete('tok');
      await s.ended;
      expect(s.events.at(-1)).toEqual({ event: ':', data: 'keep-alive' });
    } finally {
      await app.close();
    }
  });

  it('closing the server ends open streams instead of waiting for them', async () => {
    const sessions = new Map([['tok', { userId: 2, roleId: 2, sessionId: 2 }]]);
    const { app, url } = await server(sessions);
    const s = await openSse(url, 'tok');
    await s.next((e) => e.event === 'unread');
    await app.close();
    await s.ended;
    expect(s.events.filter((e) => e.event === 'unread')).toHaveLength(1);
  });
});
