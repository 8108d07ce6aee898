import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARS, loadConfig } from './env.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cs-env-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults, paths resolved against the start folder', () => {
    const cwd = tmp();
    const c = loadConfig({}, cwd);
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(cwd, 'data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      blob: { driver: 'local' },
      authRateLimitPerMinute: 30,
      webDist: path.join(cwd, 'apps/web/dist'),
      google: { clientId: undefined, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
      facebook: { graphUrl: 'https://graph.facebook.com' },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ BLOB_DRIVER: 'ftp' }, 'BLOB_DRIVER'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ GOOGLE_JWKS_URL: 'not a url' }, 'GOOGLE_JWKS_URL'],
    [{ BLOB_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ RECAPTCHA_SECRET: 'x' }, 'RECAPTCHA_SITE_KEY'],
    [{ FACEBOOK_APP_ID: '1' }, 'FACEBOOK_APP_SECRET'],
    [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, 'SEED_DEMO'],
    [{ ALTCHA_HMAC_KEY: 'short' }, 'ALTCHA_HMAC_KEY'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
  ])('stops on %o with a message naming %s', (env, name) => {
    const run = () => loadConfig(env, tmp());
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(name);
  });

  it('never seeds in production nor, by default, on PostgreSQL', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, tmp()).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }, tmp()).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }, tmp()).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }, tmp()).seedDemo).toBe(false);
  });

  it('generates the ALTCHA key once and keeps it in DATA_DIR', () => {
    const cwd = tmp();
    const first = loadConfig({ DATA_DIR: 'd' }, cwd).altcha.hmacKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(cwd, 'd', 'altcha-hmac-key'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: 'd' }, cwd).altcha.hmacKey).toBe(first);
    const given = loadConfig({ DATA_DIR: 'e', ALTCHA_HMAC_KEY: 'a-given-key-of-enough-length' }, cwd);
    expect(given.altcha.hmacKey).toBe('a-given-key-of-enough-length');
    expect(existsSync(path.join(cwd, 'e', 'altcha-hmac-key'))).toBe(false);
  });

  it('documents every variable it reads', () => {
    expect(Object.keys(ENV_VARS)).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'ALTCHA_HMAC_KEY', 'WEB_DIST']));
    for (const text of Object.values(ENV_VARS)) expect(text.length).toBeGreaterThan(10);
  });
});
