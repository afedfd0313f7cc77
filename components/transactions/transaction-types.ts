import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

type Outputs = inferRouterOutputs<AppRouter>["manage"];
export type TransactionItem = inferRouterOutputs<AppRouter>["programmatic"]["transactions"]["list"]["data"][number];
export type AccountOption = Outputs["wallets"]["accounts"][number];
export type CategoryOverview = Outputs["categories"]["list"];
export type TransactionFilters = Omit<
  inferRouterInputs<AppRouter>["programmatic"]["transactions"]["list"],
  "page" | "limit"
>;

export const TYPE_LABELS = { expense: "Expense", income: "Income", transfer: "Transfer" } as const;
