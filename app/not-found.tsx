import type { Metadata } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.notFound");
  return { title: t("title") };
}

// Replaces Next's built-in 404 page, whose inline <style> element carries no CSP nonce.
export default function NotFound() {
  const t = useTranslations("pages.notFound");
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="page">
        <h1>{t("heading")}</h1>
        <p>
          {t.rich("text", {
            home: (chunks) => <Link href="/">{chunks}</Link>,
            docs: (chunks) => <Link href="/docs/api">{chunks}</Link>,
          })}
        </p>
      </main>
    </>
  );
}
