import { ConfigError } from './lib/env.ts';
import { startServer } from './start.ts';

try {
  const server = await startServer();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
} catch (err) {
  // A bad configuration names the variable and stops the server (issue 2).
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
