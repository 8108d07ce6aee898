import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './lib/blob-store.ts';
import type { CaptchaVerifier } from './lib/captcha.ts';
import type { Clock } from './lib/clock.ts';
import type { Db } from './lib/db.ts';
import type { Config } from './lib/env.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Authenticator } from './lib/routing.ts';
import type { LiveNotifications } from './notifications/live.ts';
import type { ScoringEngine } from './scoring/engine.ts';

/** What every domain's routes receive; services take only the parts they use. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  blobStore: BlobStore;
  clock: Clock;
  fetch: typeof fetch;
  captcha: CaptchaVerifier;
  log: FastifyBaseLogger;
  route: { authenticate: Authenticator; authRateLimitPerMinute: number };
  /** The one pronunciation engine (decoder pool) of this server. */
  scoringEngine: ScoringEngine;
  /** Live delivery of new notifications (server-sent events through the hub, Web Push). */
  notifications: LiveNotifications;
}
