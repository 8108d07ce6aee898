import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_BASE, EmptyRequestSchema, ErrorResponseSchema, ROLE, type RouteAuth, type RouteDef } from '@clearspeak/contract';
import { AppError } from './errors.ts';

/** Who is calling, once the bearer token is checked. */
export interface AuthContext {
  userId: number;
  roleId: number;
  sessionId: number;
}

/** Resolves a bearer token to a live session, or null (missing, unknown, expired, revoked). */
export type Authenticator = (token: string) => Promise<AuthContext | null>;

export interface HandlerContext<Req extends z.ZodType> {
  input: z.output<Req>;
  /** Set for every auth kind but `public`; null on `optional` routes without a token. */
  auth: AuthContext | null;
  ip: string;
  userAgent: string | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Success status (201 for creations). */
  status?: number;
  /** Apply the per-address limit of the sign-in, register, code and reset routes. */
  rateLimited?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const REQUIRED_ROLE: Partial<Record<RouteAuth, number>> = { learner: ROLE.learner, coach: ROLE.coach, admin: ROLE.admin };

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The path parameters that carry a value. A client that sends the template unfilled
 * (`/coach/requests/:id`, the id in the body or query) gets no `id: ':id'` over its own.
 */
export function pathParams(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((req.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && value !== `:${name}`) out[name] = value;
  }
  return out;
}

/** Sets `req.auth` for the route's auth kind, or throws 401/403 (also used by upload and file routes). */
export async function authorizeRequest(authenticate: Authenticator, kind: RouteAuth, req: FastifyRequest): Promise<void> {
  req.auth = null;
  if (kind === 'public') return;
  const token = bearerToken(req);
  const auth = token ? await authenticate(token) : null;
  if (!auth) {
    if (kind === 'optional') return;
    // errorCode 401 makes the client log out (spec: accounts §4, §7).
    throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
  }
  const role = REQUIRED_ROLE[kind];
  if (role !== undefined && auth.roleId !== role) throw new AppError('forbidden', { extra: { errorCode: 403 } });
  req.auth = auth;
}

/**
 * Registers one contract route under `/api`: the schemas come from the RouteDef (validation,
 * serialisation and OpenAPI), the auth kind is enforced here, the handler only calls a service.
 */
export function registerContractRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: FastifyInstance,
  deps: { authenticate: Authenticator; authRateLimitPerMinute: number },
  def: RouteDef<Req, Res>,
  handler: (ctx: HandlerContext<Req>) => Promise<z.output<Res>>,
  options: RouteOptions = {},
): void {
  const hasInput = (def.request as z.ZodType) !== EmptyRequestSchema;
  const inputKey = def.method === 'GET' ? 'querystring' : 'body';
  const methods = [def.method, ...(def.alsoMethods ?? [])];
  // Types come from the RouteDef (handler signature); the zod compilers do the runtime work.
  app.route({
    method: methods,
    url: API_BASE + def.path,
    config: options.rateLimited ? { rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } } : {},
    schema: {
      summary: def.summary,
      ...(hasInput ? { [inputKey]: def.request } : {}),
      ...(def.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      response: { [options.status ?? 200]: def.response, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
    },
    preValidation: async (req) => {
      // A POST without a body is validated as `{}`, so each missing field gets its own message.
      if (req.method !== 'GET' && (req.body === undefined || req.body === null)) req.body = {};
      // Path parameters (`/coach/requests/:id`) join the input the schema validates.
      const params = pathParams(req);
      if (Object.keys(params).length === 0) return;
      if (req.method === 'GET') req.query = { ...(req.query as object), ...params };
      else if (typeof req.body === 'object' && req.body !== null) req.body = { ...(req.body as object), ...params };
    },
    preHandler: (req) => authorizeRequest(deps.authenticate, def.auth, req),
    handler: async (req, reply) => {
      const input = (hasInput ? (def.method === 'GET' ? req.query : req.body) : {}) as z.output<Req>;
      const result = await handler({ input, auth: req.auth, ip: req.ip, userAgent: req.headers['user-agent'] ?? null, req, reply });
      reply.code(options.status ?? 200);
      return result;
    },
  });
}

/** For handlers of authenticated routes: the preHandler guarantees it is set. */
export function requireAuth(ctx: { auth: AuthContext | null }): AuthContext {
  if (!ctx.auth) throw new AppError('unauthenticated', { extra: { errorCode: 401 } });
  return ctx.auth;
}
