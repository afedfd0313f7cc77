import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PreferencesView } from "@/components/settings/preferences-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.settings");
  return { title: t("title") };
}

export default function SettingsPage() {
  return <PreferencesView />;
}
