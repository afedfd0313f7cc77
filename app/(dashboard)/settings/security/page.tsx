import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SecurityView } from "@/components/security/security-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.security");
  return { title: t("title") };
}

export default function SecurityPage() {
  return <SecurityView />;
}
