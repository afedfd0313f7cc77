import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TransactionsView } from "@/components/transactions/transactions-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.transactions");
  return { title: t("title") };
}

/**
 * The list's filters, order and page are read from the address by the view (`?account=<id>` is how
 * the wallet page links to one account's transactions; components/transactions/transaction-query.ts).
 */
export default function TransactionsPage() {
  return <TransactionsView />;
}
