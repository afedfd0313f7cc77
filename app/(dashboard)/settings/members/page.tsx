import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MembersView } from "@/components/members/members-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.members");
  return { title: t("title") };
}

export default function MembersPage() {
  return <MembersView />;
}
