"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const SETTINGS_LINKS = [
  { href: "/settings", label: "Preferences" },
  { href: "/settings/tokens", label: "Access tokens" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/members", label: "Members" },
  { href: "/settings/security", label: "Security" },
] as const;

/** The settings pages' own tabs, above each of them; the API reference sits beside them as the way out to the docs. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="settings-nav">
      {SETTINGS_LINKS.map(({ href, label }) => (
        <Link key={href} href={href} aria-current={pathname === href ? "page" : undefined}>
          {label}
        </Link>
      ))}
      <Link href="/docs/api">API reference</Link>
    </nav>
  );
}
