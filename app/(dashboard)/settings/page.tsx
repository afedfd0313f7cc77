import type { Metadata } from "next";
import { PreferencesView } from "@/components/settings/preferences-view";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return <PreferencesView />;
}
