import { AppError } from "../../errors";
import type { CreateCategoryInput, UpdateCategoryInput } from "../../routers/categories/schemas";
import { createGroup, groupOf, type GroupView } from "../groups/manage-groups";
import type { WorkspaceContext } from "../workspace-context";

export interface CategoryWritten {
  id: string;
  version: number;
}

/** A category of the workspace (archived ones included), or 404. */
export async function categoryOf({ db, workspace }: WorkspaceContext, id: string) {
  const category = await db.prisma.category.findFirst({ where: { id, workspaceId: workspace.id } });
  if (!category) throw new AppError("RESOURCE_NOT_FOUND", "No category with this id exists in your workspace.");
  return category;
}

/** Active category names are unique per workspace, ignoring case, so a picker never shows two alike. */
async function assertNameFree({ db, workspace }: WorkspaceContext, name: string, exceptId?: string) {
  const clash = await db.prisma.category.findFirst({
    where: {
      workspaceId: workspace.id,
      archivedAt: null,
      name: { equals: name, mode: "insensitive" },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
  });
  if (clash) throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", `A category named ${clash.name} already exists.`);
}

export async function createCategory(
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  input: CreateCategoryInput,
): Promise<CategoryWritten> {
  if (input.group_id) await groupOf({ db, workspace }, "category", input.group_id);
  await assertNameFree({ db, workspace }, input.name);
  const last = await db.prisma.category.aggregate({ where: { workspaceId: workspace.id }, _max: { order: true } });
  const category = await db.prisma.category.create({
    data: {
      workspaceId: workspace.id,
      createdByUserId: userId,
      name: input.name,
      groupId: input.group_id,
      iconName: input.icon_name,
      accentColor: input.accent_color,
      aliases: input.aliases,
      order: (last._max.order ?? -1) + 1,
    },
  });
  return { id: category.id, version: category.version };
}

/** Replaces the editable attributes (system categories too: their key stays) and bumps the version. */
export async function updateCategory(
  { db, workspace }: WorkspaceContext,
  input: UpdateCategoryInput,
): Promise<CategoryWritten> {
  const current = await categoryOf({ db, workspace }, input.id);
  if (input.group_id) await groupOf({ db, workspace }, "category", input.group_id);
  if (current.archivedAt === null) await assertNameFree({ db, workspace }, input.name, current.id);
  const category = await db.prisma.category.update({
    where: { id: current.id },
    data: {
      name: input.name,
      groupId: input.group_id,
      iconName: input.icon_name,
      accentColor: input.accent_color,
      aliases: input.aliases,
      order: input.order,
      version: { increment: 1 },
    },
  });
  return { id: category.id, version: category.version };
}

/**
 * Archives (or brings back) a category. Its transactions keep it; it just cannot be chosen for
 * new ones. Bringing one back must not make two active categories share a name.
 */
export async function setCategoryArchived(
  { db, workspace }: WorkspaceContext,
  id: string,
  archived: boolean,
): Promise<CategoryWritten> {
  const current = await categoryOf({ db, workspace }, id);
  if ((current.archivedAt !== null) === archived) return { id: current.id, version: current.version };
  if (!archived) await assertNameFree({ db, workspace }, current.name, current.id);
  const category = await db.prisma.category.update({
    where: { id },
    data: { archivedAt: archived ? new Date() : null, version: { increment: 1 } },
  });
  return { id: category.id, version: category.version };
}

export function createCategoryGroup(context: WorkspaceContext, input: { name: string }): Promise<GroupView> {
  return createGroup(context, "category", input);
}
