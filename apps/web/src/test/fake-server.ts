import { vi } from 'vitest';
import { API_BASE, type User } from '@clearspeak/contract';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface FakeResponse {
  status?: number;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

/**
 * A tiny fake of the API server at the network edge: `fetch` is the only thing replaced.
 * Routes are keyed "METHOD /path" (path under /api). Unknown routes answer 404.
 */
export function installFakeServer(handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const all: Record<string, FakeHandler> = {
    'GET /auth-config': () => ({
      body: {
        google_client_id: null,
        facebook_app_id: null,
        captcha: 'altcha',
        recaptcha_site_key: null,
      },
    }),
    'POST /add-kartra-tag': () => ({ body: { isError: false, message: 'Tagged.' } }),
    'GET /web-logout': () => ({ body: { isError: false, message: 'Signed out.' } }),
    ...handlers,
  };
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_BASE)
      ? url.pathname.slice(API_BASE.length)
      : url.pathname;
    const headers = new Headers(init?.headers);
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    };
    requests.push(request);
    const handler = all[`${method} ${path}`];
    const response = handler
      ? await handler(request)
      : { status: 404, body: { isError: true, message: `No route ${method} ${path}` } };
    return new Response(JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return {
    requests,
    /** The requests made to one route, in order. */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ana@example.com',
    name: 'Ana Lima',
    first_name: 'Ana',
    last_name: 'Lima',
    username: null,
    country: null,
    gender: null,
    birthday: null,
    native_language: null,
    role_id: 2,
    is_verified: true,
    photo_url: null,
    plan_id: null,
    is_subscribed: false,
    is_free_plan: true,
    isTrialing: false,
    isWithFeedback: false,
    isCoachCreditEnable: false,
    remaining_coaching_credit: 0,
    refferal_coupon: null,
    terms_checked: true,
    isTestUser: false,
    unreadNotificationCount: 0,
    ...overrides,
  };
}

export function sessionBody(user: User, token = 'token-abc-123') {
  return {
    isError: false,
    message: 'Signed in.',
    data: { api_token: token, user, active_subscription: null },
  };
}
