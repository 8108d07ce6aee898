import type { FastifyInstance } from 'fastify';
import { buildApp, createBlobStore } from './app.ts';
import { cleanUpAnonymousData } from './assessment/service.ts';
import { cleanUpAuthData } from './auth/service.ts';
import { releaseExpiredClaims } from './coaching/console-service.ts';
import { grantMonthlyCredits } from './coaching/service.ts';
import { systemClock } from './lib/clock.ts';
import { migrateToLatest, openDatabase } from './lib/db.ts';
import { loadConfig, type Config } from './lib/env.ts';
import { seedDemo } from './seed/demo.ts';
import { seedCoachDemo } from './seed/coach-demo.ts';
import { seedCourse } from './modules/course-seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  url: string;
  stop(): Promise<void>;
}

/** load env → open db → migrate → seed if enabled → listen (issue 2: `npm start`). */
export async function startServer(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Promise<RunningServer> {
  const startedAt = performance.now();
  const config = loadConfig(env, cwd);
  // Adapters that cannot start fail before the database is touched.
  const blobStore = createBlobStore(config);
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    // The course catalogue, at every start and in production too (idempotent upsert).
    await seedCourse(database.db);
    if (config.seedDemo) await seedDemo({ db: database.db, clock: systemClock, passwordCost: config.passwordCost });
    const app = await buildApp({ config, db: database.db, blobStore });
    // Issue 5: something in coach@demo.test's queue (espeak-ng recordings, scored); once, never fatal.
    if (config.seedDemo) await seedCoachDemo({ db: database.db, clock: systemClock, blobStore, log: app.log, scoring: config.scoring });
    await app.listen({ port: config.port, host: config.host });
    const url = `http://localhost:${config.port}`;
    // Hourly housekeeping; idempotent deletes, so every instance may run it (no job table needed).
    const housekeeping = setInterval(() => {
      cleanUpAuthData({ db: database.db, clock: systemClock }).catch((err: unknown) => app.log.warn({ err }, 'auth housekeeping failed'));
      // Issue 6: anonymous assessments never claimed are deleted after 30 days.
      cleanUpAnonymousData({ db: database.db, clock: systemClock, blobStore }).catch((err: unknown) => app.log.warn({ err }, 'anonymous assessment housekeeping failed'));
      // Issue 5: each with_feedback subscription's credits for its current period (idempotent per period).
      grantMonthlyCredits({ db: database.db, clock: systemClock }).catch((err: unknown) => app.log.warn({ err }, 'coaching credit grant failed'));
      // Claims a coach left unsubmitted for 12 h go back to the queue.
      releaseExpiredClaims({ db: database.db, clock: systemClock }).catch((err: unknown) => app.log.warn({ err }, 'coach claim expiry failed'));
    }, 3600_000);
    housekeeping.unref();
    app.log.info(`ClearSpeak listening on ${url} (${database.kind}, ready in ${Math.round(performance.now() - startedAt)} ms)`);
    return {
      app,
      config,
      url,
      async stop() {
        clearInterval(housekeeping);
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
