import type { GroupKind } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";

export interface GroupView {
  id: string;
  name: string;
  order: number;
}

const KIND_LABEL: Record<GroupKind, string> = { wallet: "wallet group", category: "category group" };
const groupSelect = { id: true, name: true, order: true } as const;

/** A group of the workspace of this kind, or 404. */
export async function groupOf({ db, workspace }: WorkspaceContext, kind: GroupKind, id: string): Promise<GroupView> {
  const group = await db.prisma.group.findFirst({
    where: { id, workspaceId: workspace.id, kind },
    select: groupSelect,
  });
  if (!group) throw new AppError("RESOURCE_NOT_FOUND", `No ${KIND_LABEL[kind]} with this id exists in your workspace.`);
  return group;
}

export function listGroups({ db, workspace }: WorkspaceContext, kind: GroupKind): Promise<GroupView[]> {
  return db.prisma.group.findMany({
    where: { workspaceId: workspace.id, kind },
    orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
    select: groupSelect,
  });
}

/** A new group, placed last; names are unique per workspace and kind, ignoring case. */
export async function createGroup(
  { db, workspace }: WorkspaceContext,
  kind: GroupKind,
  input: { name: string },
): Promise<GroupView> {
  const where = { workspaceId: workspace.id, kind };
  const clash = await db.prisma.group.findFirst({
    where: { ...where, name: { equals: input.name, mode: "insensitive" } },
  });
  if (clash)
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", `A ${KIND_LABEL[kind]} named ${clash.name} already exists.`);
  const last = await db.prisma.group.aggregate({ where, _max: { order: true } });
  return db.prisma.group.create({
    data: { ...where, name: input.name, order: (last._max.order ?? -1) + 1 },
    select: groupSelect,
  });
}
