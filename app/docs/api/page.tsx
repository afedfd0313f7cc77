import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/api-reference";
import { SiteHeader } from "@/components/site-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.apiDocs");
  return { title: t("title") };
}

export default function ApiDocsPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <ApiReference specUrl="/api/v1/openapi.json" assetsPath="/docs/api/assets" />
      </main>
    </>
  );
}
