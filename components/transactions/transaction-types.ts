import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

type Outputs = inferRouterOutputs<AppRouter>;
export type TransactionItem = inferRouterOutputs<AppRouter>["transactions"]["list"]["data"][number];
export type AccountOption = Outputs["accounts"]["options"][number];
export type CategoryOverview = Outputs["categories"]["overview"];
export type TransactionFilters = Omit<
  inferRouterInputs<AppRouter>["transactions"]["list"],
  "page" | "limit" | "cursor" | "since" | "pagination"
>;
