import { randomUUID } from "node:crypto";
import type { WorkspaceContext } from "../workspace-context";

/** A category every workspace starts with (`is_system: true`), found again by its `systemKey`. */
export interface SystemCategoryDefinition {
  systemKey: string;
  name: string;
  group: SystemCategoryGroupName;
  iconName: string;
  accentColor: string;
  aliases?: readonly string[];
}

const SYSTEM_CATEGORY_GROUPS = [
  "Income",
  "Living",
  "Food & Drink",
  "Transport",
  "Shopping",
  "Health",
  "Leisure",
  "Financial",
] as const;

type SystemCategoryGroupName = (typeof SYSTEM_CATEGORY_GROUPS)[number];

export const SYSTEM_CATEGORIES: readonly SystemCategoryDefinition[] = [
  {
    systemKey: "salary",
    name: "Salary",
    group: "Income",
    iconName: "briefcase",
    accentColor: "#16a34a",
    aliases: ["wages", "payroll", "Gehalt"],
  },
  { systemKey: "other_income", name: "Other income", group: "Income", iconName: "coins", accentColor: "#22c55e" },
  {
    systemKey: "interest",
    name: "Interest",
    group: "Income",
    iconName: "percent",
    accentColor: "#4ade80",
    aliases: ["Zinsen"],
  },
  { systemKey: "refunds", name: "Refunds", group: "Income", iconName: "rotate-ccw", accentColor: "#86efac" },
  {
    systemKey: "rent",
    name: "Rent",
    group: "Living",
    iconName: "home",
    accentColor: "#2563eb",
    aliases: ["Miete", "mortgage"],
  },
  {
    systemKey: "utilities",
    name: "Utilities",
    group: "Living",
    iconName: "zap",
    accentColor: "#3b82f6",
    aliases: ["electricity", "gas", "water", "Strom"],
  },
  { systemKey: "internet_phone", name: "Internet & phone", group: "Living", iconName: "wifi", accentColor: "#60a5fa" },
  { systemKey: "household", name: "Household", group: "Living", iconName: "sofa", accentColor: "#93c5fd" },
  {
    systemKey: "insurance",
    name: "Insurance",
    group: "Living",
    iconName: "shield",
    accentColor: "#1d4ed8",
    aliases: ["Versicherung"],
  },
  {
    systemKey: "groceries",
    name: "Groceries",
    group: "Food & Drink",
    iconName: "shopping-cart",
    accentColor: "#f97316",
    aliases: ["supermarket", "Lebensmittel"],
  },
  {
    systemKey: "restaurants",
    name: "Restaurants",
    group: "Food & Drink",
    iconName: "utensils",
    accentColor: "#fb923c",
    aliases: ["dining", "takeaway"],
  },
  {
    systemKey: "public_transport",
    name: "Public transport",
    group: "Transport",
    iconName: "train",
    accentColor: "#8b5cf6",
    aliases: ["BVG", "metro", "bus"],
  },
  {
    systemKey: "fuel",
    name: "Fuel",
    group: "Transport",
    iconName: "fuel",
    accentColor: "#a78bfa",
    aliases: ["petrol", "gas station"],
  },
  { systemKey: "taxi", name: "Taxi & ride sharing", group: "Transport", iconName: "car", accentColor: "#c4b5fd" },
  { systemKey: "clothing", name: "Clothing", group: "Shopping", iconName: "shirt", accentColor: "#ec4899" },
  { systemKey: "electronics", name: "Electronics", group: "Shopping", iconName: "laptop", accentColor: "#f472b6" },
  {
    systemKey: "shopping",
    name: "General shopping",
    group: "Shopping",
    iconName: "shopping-bag",
    accentColor: "#f9a8d4",
  },
  {
    systemKey: "health",
    name: "Health & pharmacy",
    group: "Health",
    iconName: "heart-pulse",
    accentColor: "#ef4444",
    aliases: ["Apotheke", "doctor"],
  },
  { systemKey: "personal_care", name: "Personal care", group: "Health", iconName: "scissors", accentColor: "#f87171" },
  {
    systemKey: "fitness",
    name: "Fitness",
    group: "Health",
    iconName: "dumbbell",
    accentColor: "#fca5a5",
    aliases: ["gym"],
  },
  {
    systemKey: "subscriptions",
    name: "Subscriptions",
    group: "Leisure",
    iconName: "repeat",
    accentColor: "#0ea5e9",
    aliases: ["streaming"],
  },
  { systemKey: "entertainment", name: "Entertainment", group: "Leisure", iconName: "ticket", accentColor: "#38bdf8" },
  {
    systemKey: "travel",
    name: "Travel",
    group: "Leisure",
    iconName: "plane",
    accentColor: "#0284c7",
    aliases: ["holiday", "hotel"],
  },
  { systemKey: "gifts", name: "Gifts & donations", group: "Leisure", iconName: "gift", accentColor: "#7dd3fc" },
  { systemKey: "fees", name: "Bank fees", group: "Financial", iconName: "landmark", accentColor: "#64748b" },
  {
    systemKey: "taxes",
    name: "Taxes",
    group: "Financial",
    iconName: "file-text",
    accentColor: "#475569",
    aliases: ["Steuer"],
  },
];

export interface CreatedCategoryGroup {
  id: string;
  name: string;
}

export interface CreatedSystemCategory {
  id: string;
  systemKey: string;
  name: string;
  groupId: string;
}

export interface CreateSystemCategoriesOptions {
  /** Id source; the demo seed passes a seeded one so its data is reproducible. */
  newId?: () => string;
  /** Timestamp for created_at/updated_at; the database's now() when absent. */
  at?: Date;
}

/** Creates the category groups (kind "category") and the system categories of a new workspace. */
export async function createSystemCategories(
  { db, workspace, userId }: WorkspaceContext,
  options: CreateSystemCategoriesOptions = {},
): Promise<{ groups: CreatedCategoryGroup[]; categories: CreatedSystemCategory[] }> {
  const newId = options.newId ?? randomUUID;
  const stamps = options.at ? { createdAt: options.at, updatedAt: options.at } : {};

  const groups = SYSTEM_CATEGORY_GROUPS.map((name) => ({ id: newId(), name }));
  const groupIdByName = new Map(groups.map((group) => [group.name, group.id]));
  await db.prisma.group.createMany({
    data: groups.map((group, order) => ({
      ...group,
      workspaceId: workspace.id,
      kind: "category" as const,
      order,
      ...stamps,
    })),
  });

  const categories = SYSTEM_CATEGORIES.map((definition, order) => {
    const groupId = groupIdByName.get(definition.group);
    if (!groupId) throw new Error(`Unknown category group ${definition.group}`);
    return { definition, order, id: newId(), groupId };
  });
  await db.prisma.category.createMany({
    data: categories.map(({ definition, order, id, groupId }) => ({
      id,
      workspaceId: workspace.id,
      groupId,
      name: definition.name,
      iconName: definition.iconName,
      accentColor: definition.accentColor,
      isSystem: true,
      systemKey: definition.systemKey,
      aliases: [...(definition.aliases ?? [])],
      order,
      createdByUserId: userId ?? null,
      ...stamps,
    })),
  });

  return {
    groups,
    categories: categories.map(({ definition, id, groupId }) => ({
      id,
      systemKey: definition.systemKey,
      name: definition.name,
      groupId,
    })),
  };
}
