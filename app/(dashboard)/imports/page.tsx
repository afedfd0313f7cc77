import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ImportsView } from "@/components/imports/imports-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.imports");
  return { title: t("title") };
}

export default function ImportsPage() {
  return <ImportsView />;
}
