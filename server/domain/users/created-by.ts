import type { Db } from "../../db";

/** The `created_by` object of categories, recurring rules, goals and budgets. */
export interface CreatedBy {
  id: string;
  name: string | null;
  email: string;
}

/**
 * Reads the creators of a page of rows in one query; a row whose creator is unknown or deleted
 * gets null.
 */
export async function creatorsOf(
  db: Db,
  userIds: Array<string | null>,
): Promise<(id: string | null) => CreatedBy | null> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const users =
    ids.length === 0
      ? []
      : await db.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } });
  const byId = new Map(users.map((user) => [user.id, user]));
  return (id) => (id === null ? null : (byId.get(id) ?? null));
}
