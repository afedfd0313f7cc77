import { cachedReport } from "./cache";
import { monthOf, todayIn } from "../time/calendar";
import { isPartialMonth, resolveWindow, type ReportWindow, type WindowRequest, type WindowView } from "./window";
import type { WorkspaceContext } from "../workspace-context";

export type ReportType =
  | "category_heatmap"
  | "income_stability"
  | "uncategorized_clusters"
  | "recurring_detection"
  | "category_drift"
  | "cash_flow_summary";

/** The spec's report resource: `{type, id, attributes, window}`. */
export interface Report<Type extends ReportType, Attributes> {
  type: Type;
  id: string;
  attributes: Attributes;
  window: WindowView;
}

/**
 * Resolves the month and window, and serves the report from the cache while the workspace's data
 * is unchanged. The id is stable for the same question: `<type>:<month>:<range>`, with `:tag:<tag>`
 * when limited to a tag. A month still
 * running is cached per day, since its figures run to today.
 */
export async function runReport<Type extends ReportType, Attributes>(
  context: WorkspaceContext,
  type: Type,
  request: WindowRequest,
  build: (window: ReportWindow) => Promise<Attributes>,
): Promise<Report<Type, Attributes>> {
  const today = todayIn(context.workspace.timezone, context.now);
  const month = request.month ?? monthOf(today);
  // A report of one tag is another question: its own id and cache entry.
  const id = `${type}:${month}:${request.range}${request.tag === undefined ? "" : `:tag:${request.tag}`}`;
  const asOf = isPartialMonth(month, today) ? today : "ended";
  return cachedReport(context, `${id}|${asOf}`, async () => {
    const window = await resolveWindow(context, { month, range: request.range, tag: request.tag });
    return { type, id, attributes: await build(window), window: window.view };
  });
}
