import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

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
