// Seed the demo catalogue into an empty, never-seeded database (the server also does this at start).
import { seedDemoCatalogue } from '../db/seed.ts';
import { openFromEnv } from './open-from-env.ts';

const { database } = await openFromEnv();
try {
  const seeded = await seedDemoCatalogue(database.db, { info: (data: unknown) => console.log(data) });
  console.log(
    seeded ? 'Demo catalogue seeded.' : 'Nothing to do: the shop already has categories or was seeded before.',
  );
} finally {
  await database.close();
}
