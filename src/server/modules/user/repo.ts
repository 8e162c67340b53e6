import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setRoleByEmail(db: Db, email: string, role: number): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.email, email)).returning();
  return row;
}

export async function listUsers(db: Db, limit: number, offset: number): Promise<UserRow[]> {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}
