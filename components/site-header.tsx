import Link from "next/link";
import { useTranslations } from "next-intl";

export function SiteHeader() {
  const t = useTranslations("common.siteHeader");
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        {t("brand")}
      </Link>
      <Link href="/docs/api">{t("apiReference")}</Link>
      <a href="/api/v1/openapi.json">{t("openApiDocument")}</a>
      <span className="site-header-end">
        <Link href="/sign-in">{t("signIn")}</Link>
        <Link href="/sign-up" className="button button-small button-primary">
          {t("signUp")}
        </Link>
      </span>
    </header>
  );
}
