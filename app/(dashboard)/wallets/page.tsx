import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WalletsView } from "@/components/wallets/wallets-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.wallets");
  return { title: t("title") };
}

export default function WalletsPage() {
  return <WalletsView />;
}
