import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, claimFeedbackRequest, getUserData, subscriptionData, webPortalLogin } from '@clearspeak/contract';
import { installFakeServer, makeUser } from '@/test/fake-server';
import { ApiError, call, fillPath, setUnauthorizedHandler } from './api';
import { STORAGE_KEY, getApiToken, saveSession } from './session-store';

async function signInAs(token: string) {
  await saveSession(
    { api_token: token, user: makeUser(), allModulesData: null, hasSubscription: false },
    { remember: true },
  );
}

describe('API client', () => {
  it('sends the bearer token of the session and returns the parsed response', async () => {
    const server = installFakeServer({
      'GET /module/subscription-data': () => ({
        body: {
          isError: false,
          is_subscribed: true,
          is_free_plan: false,
          isTrialing: false,
          extra: 'dropped',
        },
      }),
    });
    await signInAs('tok-123');
    const result = await call(subscriptionData, {});
    expect(result).toEqual({
      isError: false,
      is_subscribed: true,
      is_free_plan: false,
      isTrialing: false,
    });
    expect(server.requests[0]?.authorization).toBe('Bearer tok-123');
    expect(server.requests[0]?.path).toBe('/module/subscription-data');
  });

  it('sends the request as the contract parses it (email trimmed and lower-cased)', async () => {
    const server = installFakeServer({
      'POST /web-portal-login': () => ({ status: 401, body: { isError: true, message: 'No.' } }),
    });
    await expect(
      call(webPortalLogin, { email: ' Ana@Example.COM', password: 'x' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(server.requests[0]?.body).toEqual({ email: 'ana@example.com', password: 'x' });
    expect(server.requests[0]?.authorization).toBeNull();
  });

  it('turns an error body into a typed ApiError', async () => {
    installFakeServer({
      'POST /web-portal-login': () => ({
        status: 422,
        body: {
          isError: true,
          message: 'Too many attempts.',
          errorCode: 422,
          code: 'captcha_required',
          show_captcha: true,
          errors: { email: 'Enter your email id.' },
        },
      }),
    });
    const error = await call(webPortalLogin, { email: 'a@b.co', password: 'x' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Too many attempts.',
      status: 422,
      errorCode: 422,
      code: 'captcha_required',
      showCaptcha: true,
      errors: { email: 'Enter your email id.' },
    });
  });

  it('treats isError true as a failure even with status 200', async () => {
    installFakeServer({
      'GET /get-user-data': () => ({
        status: 200,
        body: { isError: true, message: 'Account closed.' },
      }),
    });
    await expect(call(getUserData, {})).rejects.toMatchObject({
      message: 'Account closed.',
      status: 200,
    });
  });

  it('logs out on errorCode 401 whatever the HTTP status', async () => {
    for (const status of [401, 200, 403]) {
      installFakeServer({
        'GET /get-user-data': () => ({
          status,
          body: { isError: true, errorCode: 401, message: 'Session expired.' },
        }),
      });
      await signInAs('tok-401');
      const onUnauthorized = vi.fn();
      const restore = setUnauthorizedHandler(onUnauthorized);
      await expect(call(getUserData, {})).rejects.toMatchObject({ errorCode: 401 });
      restore();
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(getApiToken()).toBeNull();
      expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    }
  });

  it('does not log out on a plain 403', async () => {
    installFakeServer({
      'GET /get-user-data': () => ({
        status: 403,
        body: { isError: true, errorCode: 403, message: 'Not for you.' },
      }),
    });
    await signInAs('tok-403');
    const onUnauthorized = vi.fn();
    const restore = setUnauthorizedHandler(onUnauthorized);
    await expect(call(getUserData, {})).rejects.toMatchObject({ status: 403 });
    restore();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getApiToken()).toBe('tok-403');
  });

  it('gives the generic message on a network failure, an unreadable body, or a broken contract', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call(subscriptionData, {})).rejects.toMatchObject({
      message: MESSAGES.generic,
      status: 0,
    });

    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(call(subscriptionData, {})).rejects.toMatchObject({
      message: MESSAGES.generic,
      status: 502,
    });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFakeServer({
      'GET /module/subscription-data': () => ({ body: { isError: false, is_subscribed: 'yes' } }),
    });
    await expect(call(subscriptionData, {})).rejects.toMatchObject({
      message: MESSAGES.generic,
      status: 200,
    });
    expect(warn).toHaveBeenCalled();
  });

  it('refuses a request the contract refuses, without calling the server', async () => {
    const server = installFakeServer({});
    await expect(call(webPortalLogin, { email: '', password: 'x' })).rejects.toMatchObject({
      message: MESSAGES.emailRequired,
      status: 0,
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('path parameters', () => {
  it('fills :name segments from the input and leaves unknown ones as they are', () => {
    expect(fillPath('/coach/requests/:id/claim', { id: 41 })).toBe('/coach/requests/41/claim');
    expect(fillPath('/a/:id/b/:other', { id: 'x y' })).toBe('/a/x%20y/b/:other');
    expect(fillPath('/plain', {})).toBe('/plain');
  });

  it('sends a route with a path parameter to its filled path', async () => {
    const server = installFakeServer({
      'POST /coach/requests/41/claim': () => ({ status: 409, body: { isError: true, message: 'Taken.' } }),
    });
    await expect(call(claimFeedbackRequest, { id: 41 })).rejects.toMatchObject({ status: 409, message: 'Taken.' });
    expect(server.calls('POST /coach/requests/41/claim')[0]?.body).toEqual({ id: 41 });
  });
});
