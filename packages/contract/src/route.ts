import type { z } from 'zod';

/** Who may call a route. `learner` etc. are role ids from DESIGN.md: 1 admin, 2 learner, 3 coach. */
export type RouteAuth = 'public' | 'optional' | 'user' | 'learner' | 'coach' | 'admin';

export interface RouteDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base (`/api`). */
  path: string;
  /** Extra methods the same handler answers (e.g. `/web-logout` is documented as POST, sent as GET). */
  alsoMethods?: readonly ('GET' | 'POST')[];
  auth: RouteAuth;
  /** Body (POST) or query (GET) schema. */
  request: Req;
  /** Success body schema (HTTP 2xx). */
  response: Res;
  summary: string;
  /** multipart/form-data upload: `request` describes the non-file fields. */
  multipart?: boolean;
}

export function defineRoute<Req extends z.ZodType, Res extends z.ZodType>(
  def: RouteDef<Req, Res>,
): RouteDef<Req, Res> {
  return def;
}

export type RequestOf<R> = R extends RouteDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<R> = R extends RouteDef<z.ZodType, infer Res> ? z.output<Res> : never;

/** The base every API path lives under; the SPA, `/docs`, `/healthz` and `/dev/outbox` do not. */
export const API_BASE = '/api';
