import {
  API_BASE,
  ErrorResponseSchema,
  MESSAGES,
  type RequestOf,
  type ResponseOf,
  type RouteDef,
} from '@clearspeak/contract';
import { clearSession, getApiToken } from './session-store';

/** An API failure the UI can show: `message` is always fit for a person to read. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: number | undefined;
  readonly code: string | undefined;
  readonly showCaptcha: boolean;
  readonly errors: Record<string, string>;
  /** The parsed JSON answer, when there was one: some calls carry details outside the envelope (learning §8 ai_data). */
  readonly body: unknown;

  constructor(options: {
    message: string;
    status: number;
    errorCode?: number | undefined;
    code?: string | undefined;
    showCaptcha?: boolean | undefined;
    errors?: Record<string, string> | undefined;
    body?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.errorCode = options.errorCode;
    this.code = options.code;
    this.showCaptcha = options.showCaptcha ?? false;
    this.errors = options.errors ?? {};
    this.body = options.body;
  }
}

/** The message to show for any thrown value (spec: accounts §8 generic message). */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : MESSAGES.generic;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => window.location.assign('/');

/**
 * Who reacts when the server says the session is gone. The app registers one that resets
 * its state and navigates to `/`; storage is already cleared by then.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = previous;
  };
}

function toQuery(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const params = new URLSearchParams();
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    params.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The route's path with its `:name` parameters filled from the parsed input
 * (`/coach/requests/:id` → `/coach/requests/41`). The values also stay in the body or query,
 * where the contract's request schema describes them.
 */
export function fillPath(path: string, data: unknown): string {
  const values = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (template, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? template : encodeURIComponent(String(value));
  });
}

export interface CallOptions {
  /** A route may answer more than its documented method (`/web-logout` is sent as GET). */
  method?: RouteDef['method'];
  signal?: AbortSignal;
}

/**
 * Calls one contract route: the body is parsed by the route's request schema (so the
 * server receives what the contract describes), the answer by its response schema.
 */
export async function call<R extends RouteDef>(
  route: R,
  body: RequestOf<R>,
  options: CallOptions = {},
): Promise<ResponseOf<R>> {
  const data = parseRequest(route, body);
  const method = options.method ?? route.method;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getApiToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let url = `${API_BASE}${fillPath(route.path, data)}`;
  let payload: string | undefined;
  if (method === 'GET' || method === 'DELETE') {
    url += toQuery(data);
  } else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(data ?? {});
  }
  return send(route, method, url, { method, headers, body: payload, signal: options.signal ?? null });
}

function parseRequest<R extends RouteDef>(route: R, body: unknown): unknown {
  const request = route.request.safeParse(body);
  if (!request.success) {
    const errors: Record<string, string> = {};
    for (const issue of request.error.issues) errors[issue.path.join('.')] ??= issue.message;
    throw new ApiError({
      message: request.error.issues[0]?.message ?? MESSAGES.generic,
      status: 0,
      errors,
    });
  }
  return request.data;
}

/** The audio part of a multipart upload (spec: learning §7 `recorded_file`). */
export interface UploadFile {
  blob: Blob;
  filename: string;
}

/**
 * Sends a multipart route (`multipart: true` in the contract): the fields are parsed by the
 * route's request schema, the file goes in the `recorded_file` part, and the answer is read
 * exactly like `call`'s (401 errorCode logout, error envelope, contract parsing).
 */
export async function upload<R extends RouteDef>(
  route: R,
  fields: RequestOf<R>,
  file: UploadFile,
  options: Omit<CallOptions, 'method'> = {},
): Promise<ResponseOf<R>> {
  const data = parseRequest(route, fields);
  const form = new FormData();
  if (typeof data === 'object' && data !== null) {
    for (const [name, value] of Object.entries(data)) {
      if (value === undefined || value === null) continue;
      form.append(name, String(value));
    }
  }
  form.append('recorded_file', file.blob, file.filename);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getApiToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // No Content-Type: the browser writes the multipart boundary itself.
  return send(route, route.method, `${API_BASE}${fillPath(route.path, data)}`, {
    method: route.method,
    headers,
    body: form,
    signal: options.signal ?? null,
  });
}

async function send<R extends RouteDef>(
  route: R,
  method: string,
  url: string,
  init: RequestInit,
): Promise<ResponseOf<R>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ message: MESSAGES.generic, status: 0 });
  }

  let json: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  // spec: accounts §4/§7 — a 401 errorCode in any response, whatever the status, forces logout.
  if (
    typeof json === 'object' &&
    json !== null &&
    (json as { errorCode?: unknown }).errorCode === 401
  ) {
    clearSession();
    unauthorizedHandler();
    const parsed = ErrorResponseSchema.safeParse(json);
    throw new ApiError({
      message: parsed.success ? parsed.data.message : MESSAGES.unauthenticated,
      status: response.status,
      errorCode: 401,
    });
  }

  const isErrorBody =
    typeof json === 'object' && json !== null && (json as { isError?: unknown }).isError === true;
  if (!response.ok || isErrorBody) {
    const parsed = ErrorResponseSchema.safeParse(json);
    if (!parsed.success)
      throw new ApiError({ message: MESSAGES.generic, status: response.status, body: json });
    throw new ApiError({
      message: parsed.data.message || MESSAGES.generic,
      status: response.status,
      errorCode: parsed.data.errorCode,
      code: parsed.data.code,
      showCaptcha: parsed.data.show_captcha,
      errors: parsed.data.errors,
      body: json,
    });
  }

  const parsed = route.response.safeParse(json);
  if (!parsed.success) {
    // The server broke the contract; the person still gets the spec's generic message.
    console.warn(
      `Response of ${method} ${route.path} does not match the contract`,
      parsed.error.issues,
    );
    throw new ApiError({ message: MESSAGES.generic, status: response.status, body: json });
  }
  return parsed.data as ResponseOf<R>;
}

/**
 * Fetches audio that needs the session (a learner's own recordings: `recordingAudioPath`), for
 * playback through a blob URL; an `<audio src>` cannot send the bearer token. A 401 errorCode
 * logs out as for any call.
 */
export async function fetchAudio(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getApiToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ message: MESSAGES.generic, status: 0 });
  }
  if (response.ok) return response.blob();
  const json: unknown = await response.json().catch(() => undefined);
  if (typeof json === 'object' && json !== null && (json as { errorCode?: unknown }).errorCode === 401) {
    clearSession();
    unauthorizedHandler();
  }
  const parsed = ErrorResponseSchema.safeParse(json);
  throw new ApiError({
    message: parsed.success ? parsed.data.message : MESSAGES.generic,
    status: response.status,
    errorCode: parsed.success ? parsed.data.errorCode : undefined,
    body: json,
  });
}
