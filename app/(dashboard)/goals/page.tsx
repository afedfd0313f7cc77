import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GoalsView } from "@/components/goals/goals-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.goals");
  return { title: t("title") };
}

export default function GoalsPage() {
  return <GoalsView />;
}
