import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RulesView } from "@/components/rules/rules-view";
import "./rules.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.rules");
  return { title: t("title") };
}

export default function RulesPage() {
  return <RulesView />;
}
