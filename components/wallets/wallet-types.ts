import type { inferRouterOutputs } from "@trpc/server";
import type { QueryClient } from "@tanstack/react-query";
import type { AppRouter } from "@/server/routers";
import type { useTRPC } from "../trpc-provider";

export type Wallet = inferRouterOutputs<AppRouter>["wallets"]["list"]["data"][number];
export type WalletAccount = Wallet["attributes"]["accounts"][number];

export const WALLET_TYPE_LABELS = {
  bank: "Bank account",
  cash: "Cash",
  savings: "Savings",
  credit_card: "Credit card",
  investment: "Investment",
  loan: "Loan",
  other: "Other",
} as const;

export function walletTypeLabel(type: string): string {
  return (WALLET_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/**
 * After a write that moves balances: the wallets the page lists (the workspace operation
 * wallets.*) and the dashboard's wallet forms (wallets.*).
 */
export function refreshWallets(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.wallets.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.wallets.pathKey() }),
  ]);
}
