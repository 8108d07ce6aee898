import type { FastifyServerOptions } from 'fastify';
import type { Config } from './env.ts';

/** pino options: pretty lines for people in development, JSON lines in production. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const base = {
    level: config.logLevel,
    // Never log credentials: the bearer token and the password fields.
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (config.nodeEnv === 'production') return base;
  return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } };
}
