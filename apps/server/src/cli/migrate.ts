import { migrateToLatest, openDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/env.ts';

// `npm run migrate -w @clearspeak/server`: run pending migrations without starting the server.
const config = loadConfig();
const database = await openDatabase(config);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.close();
}
