import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsRoutes as r } from '@clearspeak/contract';
import { createTestApp, get, post, signUpAndSignIn, uniqueEmail, type TestApp } from '../test/app.ts';
import { notifyUser } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userWithToken(): Promise<{ token: string; userId: number }> {
  const email = uniqueEmail('notify');
  const token = await signUpAndSignIn(t, email);
  const { id } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}

const notify = (userId: number, objectId: number) =>
  notifyUser(t, { userId, type: 'initial-assessment-ai-feedback', objectId, header: 'AI Feedback', title: `Result ${objectId}`, subtitle: 'You scored 70/100.', icon: null });

describe('notifications (learning §3 Notification, §7)', () => {
  it('lists the user’s own notifications newest first, counts the unread, and marks one read', async () => {
    const me = await userWithToken();
    const other = await userWithToken();
    await notify(me.userId, 1);
    t.clock.advance(60_000);
    const second = await notify(me.userId, 2);
    const foreign = await notify(other.userId, 3);

    const list = r.getUserNotifications.response.parse((await get(t.app, '/api/get-user-notifications', { token: me.token })).json()).notifications;
    expect(list.map((x) => x.object_id)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({ header: 'AI Feedback', title: 'Result 2', is_read: false, notification_type: 'initial-assessment-ai-feedback' });
    const count = async (token: string) => r.getUnreadNotificationCount.response.parse((await get(t.app, '/api/get-unread-notification-count', { token })).json()).count;
    expect(await count(me.token)).toBe(2);

    const read = await post(t.app, '/api/read-notification', { notification_id: second.id }, { token: me.token });
    expect(read.statusCode).toBe(200);
    expect(r.readNotification.response.parse(read.json()).userNotification).toMatchObject({ id: second.id, is_read: true });
    expect(await count(me.token)).toBe(1);
    // The session user carries the same count.
    expect((await get(t.app, '/api/get-user-data', { token: me.token })).json().userDetails.unreadNotificationCount).toBe(1);

    // Someone else's notification is "not found" and stays unread.
    expect((await post(t.app, '/api/read-notification', { notification_id: foreign.id }, { token: me.token })).statusCode).toBe(404);
    expect((await post(t.app, '/api/read-notification', { notification_id: 999_999 }, { token: me.token })).statusCode).toBe(404);
    expect(await count(other.token)).toBe(1);
    expect((await get(t.app, '/api/get-user-notifications')).statusCode).toBe(401);
  });
});
