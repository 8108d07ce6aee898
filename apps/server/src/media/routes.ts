import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { MEDIA_PREFIX } from './urls.ts';

/** Model audio keys carry a hash of what is said (content keys.ts): a new text is a new file. */
const IMMUTABLE_KEY = /^audio\/model\//;

/**
 * The built course media (`npm run build:media -w content`) at /media/*, read-only, no listing.
 * Hashed model audio is cached for a year; videos, captions and icons keep their key across
 * rebuilds (an admin may replace a file), so they are cached for a day.
 */
export async function registerMediaRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'log'>): Promise<void> {
  const root = deps.config.mediaDir;
  if (!existsSync(root)) {
    deps.log.warn(`No course media at ${root}: run \`npm run build:media -w content\` (or set MEDIA_DIR). /media answers 404 until then.`);
  }
  await app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    list: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    // Range requests stay on (default): video seeking needs them.
    setHeaders(res, filePath) {
      const key = path.relative(root, filePath).split(path.sep).join('/');
      res.setHeader('cache-control', IMMUTABLE_KEY.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
    },
  });
}
