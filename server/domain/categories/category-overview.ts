import { listGroups, type GroupView } from "../groups/manage-groups";
import type { WorkspaceContext } from "../workspace-context";

export interface CategoryOverviewItem {
  id: string;
  version: number;
  name: string;
  group_id: string | null;
  icon_name: string | null;
  accent_color: string | null;
  aliases: string[];
  order: number;
  is_system: boolean;
  is_archived: boolean;
  tx_count: number;
}

/**
 * Everything the categories page shows: the category groups and every category (archived ones
 * when asked) with how many transactions use it (transfers never carry a category).
 */
export async function categoryOverview(
  { db, workspace }: WorkspaceContext,
  { includeArchived }: { includeArchived: boolean },
): Promise<{ groups: GroupView[]; categories: CategoryOverviewItem[] }> {
  const [groups, rows, counts] = await Promise.all([
    listGroups({ db, workspace }, "category"),
    db.prisma.category.findMany({
      where: { workspaceId: workspace.id, ...(includeArchived ? {} : { archivedAt: null }) },
      orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
    }),
    db.sql.query<{ category_id: string; tx_count: number }>(
      `SELECT category_id, count(DISTINCT id)::int AS tx_count FROM category_lines
        WHERE workspace_id = $1 AND category_id IS NOT NULL GROUP BY category_id`,
      [workspace.id],
    ),
  ]);
  const countOf = new Map(counts.map((row) => [row.category_id, row.tx_count]));
  return {
    groups,
    categories: rows.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      group_id: row.groupId,
      icon_name: row.iconName,
      accent_color: row.accentColor,
      aliases: row.aliases,
      order: row.order,
      is_system: row.isSystem,
      is_archived: row.archivedAt !== null,
      tx_count: countOf.get(row.id) ?? 0,
    })),
  };
}
