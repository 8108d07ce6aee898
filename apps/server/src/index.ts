// What other workspaces (scripts, e2e) may use from the server.
export { buildApp, type BuildAppOptions } from './app.ts';
export { startServer, type RunningServer } from './start.ts';
export { loadConfig, ENV_VARS, ConfigError, type Config } from './lib/env.ts';
export { openDatabase, migrateToLatest, type Db } from './lib/db.ts';
export { seedDemo, DEMO_USERS, DEMO_PASSWORD, PLAN_SEEDS } from './seed/demo.ts';
