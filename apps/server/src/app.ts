import { existsSync } from 'node:fs';
import type { Agent as HttpsAgent } from 'node:https';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { API_BASE, MESSAGES, PRODUCT_NAME, type ErrorResponse } from '@clearspeak/contract';
import { QueueFullError } from '@clearspeak/speech';
import type { AppDeps } from './app-deps.ts';
import { registerAssessmentRoutes } from './assessment/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerCoachingRoutes } from './coaching/routes.ts';
import { registerCoachConsoleRoutes } from './coaching/console-routes.ts';
import { authenticateToken } from './auth/service.ts';
import { registerDevRoutes } from './dev/routes.ts';
import { createLocalBlobStore, type BlobStore } from './lib/blob-store.ts';
import { createCaptchaVerifier } from './lib/captcha.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Db } from './lib/db.ts';
import { ConfigError, type Config } from './lib/env.ts';
import { AppError } from './lib/errors.ts';
import { loggerOptions } from './lib/logger.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mailer.ts';
import { registerUserRoutes } from './users/routes.ts';
import { registerMediaRoutes } from './media/routes.ts';
import { registerModuleRoutes } from './modules/routes.ts';
import { createInProcessHub, type NotificationHub } from './notifications/hub.ts';
import { createLiveNotifications } from './notifications/live.ts';
import { createPostgresHub } from './notifications/pg-hub.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerRecordingRoutes } from './recordings/routes.ts';
import { createSpeechScoringEngine, type ScoringEngine } from './scoring/engine.ts';
import { registerScoringRoutes } from './scoring/routes.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  blobStore?: BlobStore;
  clock?: Clock;
  /** Outgoing HTTP (Google keys, Facebook Graph, reCAPTCHA); tests point it at local fakes. */
  fetch?: typeof fetch;
  /** The pronunciation engine; by default one `@clearspeak/speech` pool per app, closed with it. */
  scoringEngine?: ScoringEngine;
  /** Fan-out of live notifications; by default LISTEN/NOTIFY with DATABASE_URL, else in-process. */
  notificationHub?: NotificationHub;
  /** HTTPS agent for Web Push requests; tests trust a local fake push service with it. */
  pushAgent?: HttpsAgent;
}

/** The blob store the configuration asks for; S3 is refused clearly until its adapter lands. */
export function createBlobStore(config: Config): BlobStore {
  if (config.blob.driver === 's3') {
    throw new ConfigError('Invalid configuration:\n  BLOB_DRIVER: s3 is not available yet (its adapter comes with a later issue); use local, the default.');
  }
  return createLocalBlobStore(path.join(config.dataDir, 'blobs'));
}

function errorBody(message: string, extra: Partial<ErrorResponse> = {}): ErrorResponse {
  return { isError: true, message, ...extra };
}

/** Builds the whole HTTP app; `main.ts` listens, tests call `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Some clients send `content-type: application/json` with no body (a POST /web-logout, say):
  // read that as `{}` rather than failing; everything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return parseJson(req, text, done);
  });

  const mailer =
    options.mailer ?? (config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : createOutboxMailer({ db, clock, log: app.log }));
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const scoringEngine = options.scoringEngine ?? createSpeechScoringEngine(config.scoring);
  // An engine the app made is the app's to close; one passed in belongs to the caller.
  if (!options.scoringEngine) app.addHook('onClose', () => scoringEngine.close());
  // Several instances share one PostgreSQL: a notification created on one reaches streams on all.
  const notificationHub =
    options.notificationHub ??
    (config.databaseUrl ? await createPostgresHub({ connectionString: config.databaseUrl, db, log: app.log }) : createInProcessHub());
  if (!options.notificationHub) app.addHook('onClose', () => notificationHub.close());
  const deps: AppDeps = {
    config,
    db,
    mailer,
    blobStore: options.blobStore ?? createBlobStore(config),
    clock,
    fetch: fetchImpl,
    captcha: createCaptchaVerifier(config, fetchImpl),
    log: app.log,
    route: { authenticate: (token) => authenticateToken({ db, clock }, token), authRateLimitPerMinute: config.authRateLimitPerMinute },
    scoringEngine,
    notifications: await createLiveNotifications({ config, db, clock, hub: notificationHub, log: app.log, pushAgent: options.pushAgent }),
  };
  // Pushes already started finish before the database goes.
  app.addHook('onClose', () => deps.notifications.settled());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services, the Facebook SDK and reCAPTCHA load their scripts and frames.
        scriptSrc: ["'self'", 'https://accounts.google.com', 'https://connect.facebook.net', 'https://www.google.com', 'https://www.gstatic.com'],
        // Mantine injects style tags and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com', 'https://graph.facebook.com', 'https://www.google.com'],
        frameSrc: ["'self'", 'https://accounts.google.com', 'https://www.facebook.com', 'https://www.google.com', 'https://www.youtube.com'],
        // ALTCHA solves in Web Workers created from blobs.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rate_limited'),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Every path lives under /api (docs/decisions/001).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'The api_token from sign-in.' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // docs/decisions/001: 422, the first field's message (the spec's text) plus all of them.
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= v.message ?? MESSAGES.generic;
      }
      return reply.code(422).send(errorBody(err.validation[0]?.message ?? MESSAGES.generic, { errors }));
    }
    if (err instanceof AppError) {
      const extra: Partial<ErrorResponse> = { code: err.code, ...err.options.extra };
      if (err.options.errors) extra.errors = err.options.errors;
      if (err.status === 429) reply.header('retry-after', '60');
      return reply.code(err.status).send(errorBody(err.message, extra));
    }
    if (err instanceof QueueFullError) {
      // docs/decisions/001: a full scoring queue is 503 with Retry-After; the recording is already stored.
      reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
      return reply.code(503).send(errorBody('Scoring is busy right now. Your recording is saved; please try again in a few seconds.', { code: 'scoring_busy' }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(errorBody(MESSAGES.generic, { code: 'internal' }));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(status).send(errorBody('The request could not be read.', { code: (err as FastifyError).code }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(MESSAGES.generic, { code: 'internal' }));
  });

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerModuleRoutes(app, deps);
  await registerRecordingRoutes(app, deps);
  registerScoringRoutes(app, deps);
  // After the recordings: the multipart plugin is registered there.
  registerAssessmentRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerCoachingRoutes(app, deps);
  registerCoachConsoleRoutes(app, deps);
  await registerMediaRoutes(app, deps);
  if (!config.isProduction) registerDevRoutes(app, deps);

  // The built SPA, with index.html for every client-side route (only when it was built).
  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints assets, so they never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isBackend = [API_BASE, '/docs', '/dev', '/healthz', '/media'].some((p) => url === p || url.startsWith(`${p}/`));
    if (hasWeb && !isBackend && (req.method === 'GET' || req.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send(errorBody('Not found.', { code: 'not_found' }));
  });

  return app;
}
