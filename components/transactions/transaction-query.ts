"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { TRANSACTION_SORTS, TRANSACTION_TYPES } from "@/server/routers/transactions/schemas";
import type { AmountReading } from "../locale/parse-amount";
import type { TransactionFilters } from "./transaction-types";

/**
 * What the transactions page shows (filters, order, page) lives in the address, so a reload,
 * back/forward and a shared link show the same list. Short names, as people read them:
 * ?account=&category=&type=&from=&to=&q=&min=&max=&import=&sort=&order=&page=
 */

export type SortField = (typeof TRANSACTION_SORTS)[number];
export type SortOrder = "asc" | "desc";

export interface TransactionQuery {
  filters: Omit<TransactionFilters, "sort" | "order">;
  sort: SortField;
  order: SortOrder;
  page: number;
}

const PARAMS = {
  account_id: "account",
  category_id: "category",
  type: "type",
  from: "from",
  to: "to",
  search: "q",
  amount_min: "min",
  amount_max: "max",
  import_id: "import",
  tag: "tag",
} as const satisfies Record<keyof TransactionQuery["filters"], string>;

/** Dates newest first; text, amounts and categories from the start of the alphabet or the number line. */
export function defaultOrder(sort: SortField): SortOrder {
  return sort === "date" ? "desc" : "asc";
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** The query an address holds; values the list cannot use (an unknown sort) fall back to the defaults. */
function readQuery(params: URLSearchParams): TransactionQuery {
  const filters: TransactionQuery["filters"] = {};
  for (const [field, name] of Object.entries(PARAMS) as [keyof typeof PARAMS, string][]) {
    const value = params.get(name)?.trim();
    if (value) (filters as Record<string, string>)[field] = value;
  }
  if (filters.type !== undefined && !isOneOf(TRANSACTION_TYPES, filters.type)) delete filters.type;
  const sortParam = params.get("sort");
  const sort = isOneOf(TRANSACTION_SORTS, sortParam) ? sortParam : "date";
  const orderParam = params.get("order");
  const order = isOneOf(["asc", "desc"] as const, orderParam) ? orderParam : defaultOrder(sort);
  const page = Number(params.get("page"));
  return { filters, sort, order, page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1 };
}

/** The address's query string for `query`; defaults are left out, so the plain page stays `/transactions`. */
export function queryString(query: TransactionQuery): string {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(PARAMS) as [keyof typeof PARAMS, string][]) {
    const value = query.filters[field];
    if (value) params.set(name, value);
  }
  if (query.sort !== "date" || query.order !== "desc") {
    params.set("sort", query.sort);
    params.set("order", query.order);
  }
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The page to show when the list has `total` rows: `page`, or the last page when `page` lies past
 * it (the rows of a last page were categorised out of the view or deleted), and 1 for no rows.
 */
export function pageWithin(page: number, total: number, pageSize: number): number {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(page, lastPage);
}

/**
 * The search as the API takes it: text that reads as an amount in the user's locale becomes the
 * canonical decimal ("1.234,56" in de-DE -> "1234.56", which finds 1234.56 and -1234.56); any
 * other text, and plain digits ("2024", "007", which mean the same everywhere), stay as typed.
 * Empty text is no search.
 */
export function searchParam(text: string, parseAmount: (text: string) => AmountReading): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (/^[-+\u2212]?\d+$/.test(trimmed)) return trimmed;
  const reading = parseAmount(trimmed);
  return reading.ok ? reading.value : trimmed;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (a correction, not a step of the user's). */
  replace?: boolean;
}

/**
 * The page's query and a way to change it: each change is a history entry (pushState, which the
 * App Router follows without a server round trip), so back and forward step through them.
 */
export function useTransactionQuery(): [TransactionQuery, (next: TransactionQuery, options?: NavigateOptions) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const query = useMemo(() => readQuery(new URLSearchParams(params.toString())), [params]);
  const navigate = useCallback(
    (next: TransactionQuery, options: NavigateOptions = {}) => {
      const target = `${pathname}${queryString(next)}`;
      if (target === `${window.location.pathname}${window.location.search}`) return;
      if (options.replace) window.history.replaceState(null, "", target);
      else window.history.pushState(null, "", target);
    },
    [pathname],
  );
  return [query, navigate];
}
