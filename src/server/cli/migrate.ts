// Apply pending migrations to the configured database (the server also does this at start).
import { openFromEnv } from './open-from-env.ts';

const { database } = await openFromEnv();
console.log(`Migrations applied (${database.engine}).`);
await database.close();
