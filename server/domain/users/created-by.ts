import type { PrismaClient } from "../../db";

export interface CreatedBy {
  id: string;
  name: string | null;
  email: string;
}

/** The `created_by` objects of a page of rows, read in one query. */
export async function createdByMap(db: PrismaClient, userIds: Array<string | null>): Promise<Map<string, CreatedBy>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  return new Map(users.map((user) => [user.id, user]));
}
