import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from './password.ts';

/**
 * Every configuration variable the server reads, with why it exists. The lead's `.env.example`
 * is written from this list; `loadConfig` is the only place that reads `process.env`.
 */
export const ENV_VARS = {
  PORT: 'HTTP port (default 3000).',
  HOST: 'Interface to listen on (default 0.0.0.0).',
  DATA_DIR: 'Folder for the embedded database, blobs and the ALTCHA key (default ./data, relative to where the server starts).',
  DATABASE_URL: 'PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR/db is used.',
  NODE_ENV: 'development | test | production. Production hides /dev/outbox and never seeds demo data.',
  PUBLIC_URL: 'Public base URL used in mails and links (default http://localhost:PORT).',
  LOG_LEVEL: 'pino log level (default info).',
  AUTH_RATE_LIMIT_PER_MINUTE: 'Requests a minute one address may make to each sign-in, register, code and reset route (default 30).',
  TRUST_PROXY: 'true when behind a load balancer, so the client address comes from X-Forwarded-For (default false).',
  SEED_DEMO: 'Seed plans and demo users (default true with the embedded database, false otherwise; never in production).',
  MAIL_FROM: 'Sender of every mail (default "ClearSpeak <no-reply@clearspeak.local>").',
  SMTP_URL: 'smtp(s)://user:pass@host:port; when unset mails go to the local outbox (stored, logged, /dev/outbox).',
  BLOB_DRIVER: 'local (default; files under DATA_DIR/blobs) or s3.',
  S3_BUCKET: 'S3 bucket (BLOB_DRIVER=s3).',
  S3_REGION: 'S3 region (BLOB_DRIVER=s3).',
  S3_ENDPOINT: 'S3-compatible endpoint URL, e.g. MinIO (BLOB_DRIVER=s3, optional).',
  S3_ACCESS_KEY_ID: 'S3 access key (BLOB_DRIVER=s3).',
  S3_SECRET_ACCESS_KEY: 'S3 secret key (BLOB_DRIVER=s3).',
  GOOGLE_CLIENT_ID: 'OAuth client id for "Login with Google"; the button shows only when set.',
  GOOGLE_JWKS_URL: "Google's signing keys (default https://www.googleapis.com/oauth2/v3/certs).",
  FACEBOOK_APP_ID: 'Facebook app id for Facebook sign-in; shown only when set together with the secret.',
  FACEBOOK_APP_SECRET: 'Facebook app secret (used for the debug_token check).',
  FACEBOOK_GRAPH_URL: 'Graph API base (default https://graph.facebook.com).',
  RECAPTCHA_SECRET: 'When set, captcha answers are verified with reCAPTCHA instead of ALTCHA.',
  RECAPTCHA_SITE_KEY: 'reCAPTCHA site key given to the browser (with RECAPTCHA_SECRET).',
  RECAPTCHA_VERIFY_URL: 'reCAPTCHA verify endpoint (default https://www.google.com/recaptcha/api/siteverify).',
  ALTCHA_HMAC_KEY: 'Key that signs ALTCHA challenges; generated and kept in DATA_DIR/altcha-hmac-key on first start when unset.',
  WEB_DIST: 'Built web app served at / (default apps/web/dist); skipped when the folder does not exist.',
  MEDIA_DIR: 'Built course media (npm run build:media -w content) served read-only at /media (default DATA_DIR/media).',
  SCORING_WORKERS: 'Pronunciation decoder processes per server (default 2).',
  SCORING_QUEUE_MAX: 'Scoring requests allowed to wait beyond those running; more get 503 with Retry-After (default 16).',
  VAPID_PUBLIC_KEY: 'Web Push VAPID public key (base64url); with VAPID_PRIVATE_KEY. When unset a pair is generated on first start and kept in the database (app_settings).',
  VAPID_PRIVATE_KEY: 'Web Push VAPID private key (base64url); goes with VAPID_PUBLIC_KEY.',
  VAPID_SUBJECT: 'Contact the push services may use, mailto: or https: (default PUBLIC_URL when it is https, else mailto: the MAIL_FROM address).',
} as const;
export type EnvVarName = keyof typeof ENV_VARS;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const url = z.url({ error: 'must be a URL' });

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional()),
  NODE_ENV: z.enum(['development', 'test', 'production'], { error: 'must be development, test or production' }).default('development'),
  PUBLIC_URL: optionalString.pipe(url.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  SEED_DEMO: bool.optional(),
  MAIL_FROM: z.string().min(3).default('ClearSpeak <no-reply@clearspeak.local>'),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  BLOB_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString.pipe(url.optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: url.default('https://www.googleapis.com/oauth2/v3/certs'),
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_GRAPH_URL: url.default('https://graph.facebook.com'),
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: url.default('https://www.google.com/recaptcha/api/siteverify'),
  ALTCHA_HMAC_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  MEDIA_DIR: optionalString,
  SCORING_WORKERS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64).default(2),
  SCORING_QUEUE_MAX: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000).default(16),
  VAPID_PUBLIC_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key').optional()),
  VAPID_PRIVATE_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{40,45}$/, 'must be a base64url P-256 private key').optional()),
  VAPID_SUBJECT: optionalString.pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional()),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  publicUrl: string;
  logLevel: string;
  trustProxy: boolean;
  seedDemo: boolean;
  mailFrom: string;
  smtpUrl: string | undefined;
  blob: { driver: 'local' | 's3'; s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string } };
  google: { clientId: string | undefined; jwksUrl: string };
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string };
  recaptcha: { secret: string | undefined; siteKey: string | undefined; verifyUrl: string };
  altcha: { hmacKey: string; maxNumber: number };
  webDist: string;
  /** Built course media, served at /media. */
  mediaDir: string;
  /** The shared pronunciation-engine pool (decoder processes and queue bound). */
  scoring: { workers: number; maxQueue: number };
  /** Web Push: the VAPID pair from the environment (else generated and stored) and the contact. */
  webPush: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** Requests per minute per address on the sign-in, register, code and reset routes. */
  authRateLimitPerMinute: number;
  /** scrypt cost for new password hashes (lib/password.ts); tests lower it. */
  passwordCost: ScryptCost;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment at boot. A bad value throws a ConfigError naming the variable, so the
 * server stops before it listens. Relative paths resolve against `cwd` (the repo root under `npm start`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, e.DATA_DIR);

  if (e.BLOB_DRIVER === 's3') {
    const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((k) => !e[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when BLOB_DRIVER=s3`);
  }
  if (e.RECAPTCHA_SECRET && !e.RECAPTCHA_SITE_KEY) {
    throw new ConfigError('Invalid configuration:\n  RECAPTCHA_SITE_KEY: required when RECAPTCHA_SECRET is set');
  }
  if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_APP_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  FACEBOOK_APP_SECRET: FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  // Demo data only for the embedded database and never in production (issue 2, Demo data).
  if (isProduction && e.SEED_DEMO === true) {
    throw new ConfigError('Invalid configuration:\n  SEED_DEMO: demo data is never seeded in production');
  }
  const seedDemo = isProduction ? false : (e.SEED_DEMO ?? !e.DATABASE_URL);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    nodeEnv: e.NODE_ENV,
    isProduction,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    blob:
      e.BLOB_DRIVER === 's3'
        ? {
            driver: 's3',
            s3: {
              bucket: e.S3_BUCKET ?? '',
              region: e.S3_REGION ?? '',
              endpoint: e.S3_ENDPOINT,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            },
          }
        : { driver: 'local' },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    facebook: { appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET, graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, '') },
    recaptcha: { secret: e.RECAPTCHA_SECRET, siteKey: e.RECAPTCHA_SITE_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL },
    altcha: { hmacKey: e.ALTCHA_HMAC_KEY ?? readOrCreateAltchaKey(dataDir), maxNumber: 100_000 },
    webDist: path.resolve(cwd, e.WEB_DIST),
    mediaDir: e.MEDIA_DIR ? path.resolve(cwd, e.MEDIA_DIR) : path.join(dataDir, 'media'),
    scoring: { workers: e.SCORING_WORKERS, maxQueue: e.SCORING_QUEUE_MAX },
    webPush: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM) },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    passwordCost: DEFAULT_SCRYPT_COST,
  };
}

/** Push services want a way to reach the sender: the public https site, else the mail sender. */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** The ALTCHA key must survive restarts (a challenge issued before a restart stays valid). */
function readOrCreateAltchaKey(dataDir: string): string {
  const file = path.join(dataDir, 'altcha-hmac-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
