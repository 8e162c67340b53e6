import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';

/** Read a setting, storing `initial` first when there is none (the first of several processes wins). */
export async function getOrCreateSetting(db: Db, key: string, initial: string): Promise<string> {
  await db.insert(appSettings).values({ key, value: initial }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}
