import type { Metadata } from "next";
import { TransactionsView } from "@/components/transactions/transactions-view";

export const metadata: Metadata = { title: "Transactions" };

/** `?account=<id>` opens the list filtered to one account (the wallet page links here). */
export default async function TransactionsPage({ searchParams }: { searchParams: Promise<{ account?: string | string[] }> }) {
  const { account } = await searchParams;
  return <TransactionsView initialAccountId={typeof account === "string" ? account : undefined} />;
}
