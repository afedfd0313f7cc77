import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

type Outputs = inferRouterOutputs<AppRouter>["categories"];
export type CategoryOverview = Outputs["overview"];
export type Category = CategoryOverview["categories"][number];
export type CategoryGroup = CategoryOverview["groups"][number];

/**
 * The categories in their groups (groups in order, then the ungrouped ones), for pages and pickers;
 * `ungrouped` names the last section, in the page's language (categories.view.noGroup).
 */
export function groupCategories(
  overview: CategoryOverview,
  ungrouped = "No group",
): Array<{ id: string | null; name: string; categories: Category[] }> {
  const sections = overview.groups.map((group) => ({
    id: group.id as string | null,
    name: group.name,
    categories: overview.categories.filter((category) => category.group_id === group.id),
  }));
  const known = new Set(overview.groups.map((group) => group.id));
  const rest = overview.categories.filter((category) => category.group_id === null || !known.has(category.group_id));
  return [...sections, { id: null, name: ungrouped, categories: rest }];
}
