import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WalletDetail } from "@/components/wallets/wallet-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.wallet");
  return { title: t("title") };
}

export default async function WalletPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WalletDetail id={id} />;
}
