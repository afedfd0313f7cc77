import { endOfMonth, startOfMonth } from "@/server/domain/time/calendar";
import type { Insight } from "./report-types";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The transactions behind an insight, as the transactions page's address (its filters): the
 * category's on the anomaly's day or in the spike's month, the month's uncategorised ones, the
 * month's income. The month is the insight id's (`type:YYYY-MM:...`, a stable key). Null for the
 * insights about plans (budgets, goals, bills), whose own pages say more.
 */
export function insightTransactionsHref(insight: Insight): string | null {
  const p = insight.payload as Record<string, unknown>;
  const month = /^[a-z_]+:(\d{4}-\d{2})/.exec(insight.id)?.[1];
  const category = typeof p.category_id === "string" ? p.category_id : "uncategorised";
  const day = text(p.date);
  const query = (filters: Record<string, string>) => `/transactions?${new URLSearchParams(filters).toString()}`;
  if (insight.type === "anomaly" && /^\d{4}-\d{2}-\d{2}$/.test(day)) return query({ category, from: day, to: day });
  if (!month) return null;
  const range = { from: startOfMonth(month), to: endOfMonth(month) };
  if (insight.type === "spending_spike") return query({ category, ...range });
  if (insight.type === "uncategorized_backlog") return query({ category: "uncategorised", ...range });
  if (insight.type === "income_drop") return query({ type: "income", ...range });
  return null;
}
