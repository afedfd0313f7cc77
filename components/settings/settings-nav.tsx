"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const SETTINGS_LINKS = [
  { href: "/settings", label: "preferences" },
  { href: "/settings/tokens", label: "tokens" },
  { href: "/settings/webhooks", label: "webhooks" },
  { href: "/settings/members", label: "members" },
  { href: "/settings/security", label: "security" },
] as const;

/** The settings pages' own tabs, above each of them; the API reference sits beside them as the way out to the docs. */
export function SettingsNav() {
  const t = useTranslations("settings.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="settings-nav">
      {SETTINGS_LINKS.map(({ href, label }) => (
        <Link key={href} href={href} aria-current={pathname === href ? "page" : undefined}>
          {t(label)}
        </Link>
      ))}
      <Link href="/docs/api">{t("apiReference")}</Link>
    </nav>
  );
}
