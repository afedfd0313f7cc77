import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

type Outputs = inferRouterOutputs<AppRouter>["transactionTemplates"];
export type TemplateItem = Outputs["list"]["data"][number];
export type TemplateChoices = Outputs["choices"];
type WalletChoice = TemplateChoices["wallets"][number];
export type AccountChoice = WalletChoice["accounts"][number];
export type Direction = TemplateItem["direction"];

/** Which wallets a direction uses (CONTRACT "Templates"): expense the source, income the target, transfer both. */
export function walletRoles(direction: Direction): { source: boolean; target: boolean } {
  return { source: direction !== "income", target: direction !== "expense" };
}

/**
 * A typed amount as whole minor units of a currency: "12.3" -> "1230" (2 places), "1500" -> "1500"
 * (JPY). Null when it is not an amount or has more places than the currency, so the form says so.
 */
export function toMinorUnits(amount: string, decimalPlaces: number): string | null {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimalPlaces) return null;
  const digits = `${match[1]}${fraction.padEnd(decimalPlaces, "0")}`.replace(/^0+(?=\d)/, "");
  return digits;
}

export function allAccounts(choices: TemplateChoices | undefined): AccountChoice[] {
  return choices?.wallets.flatMap((wallet) => wallet.accounts) ?? [];
}
