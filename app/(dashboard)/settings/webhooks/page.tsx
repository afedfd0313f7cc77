import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WebhooksView } from "@/components/webhooks/webhooks-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.webhooks");
  return { title: t("title") };
}

export default function WebhooksPage() {
  return <WebhooksView />;
}
