import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TokensView } from "@/components/tokens/tokens-view";
import { env } from "@/server/env";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.tokens");
  return { title: t("title") };
}

export default function TokensPage() {
  // The MCP set-up snippets name the server by the configured public origin, else the page's own (like the OpenAPI document).
  return <TokensView publicOrigin={env.PUBLIC_BASE_URL} />;
}
