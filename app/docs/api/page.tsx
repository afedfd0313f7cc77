import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference";
import { SiteHeader } from "@/components/site-header";

export const metadata: Metadata = { title: "API reference" };

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
