import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference";
import { SiteHeader } from "@/components/site-header";

export const metadata: Metadata = { title: "API reference" };

export default function ApiDocsPage() {
  return (
    <>
      <SiteHeader />
      <ApiReference specUrl="/api/v1/openapi.json" assetsPath="/docs/api/assets" />
    </>
  );
}
