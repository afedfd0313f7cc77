"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent } from "react";
import type { Messages } from "@/messages/catalogue";
import { ThemeToggle } from "./theme-toggle";
import { useTRPC } from "./trpc-provider";
import { useOutsideClose } from "./use-outside-close";

const LINKS = [
  { href: "/", label: "overview" },
  { href: "/wallets", label: "wallets" },
  { href: "/transactions", label: "transactions" },
  { href: "/budgets", label: "budgets" },
  { href: "/reports", label: "reports" },
  { href: "/imports", label: "imports" },
  { href: "/recurring", label: "recurring" },
  { href: "/goals", label: "goals" },
  { href: "/categories", label: "categories" },
  { href: "/rules", label: "rules" },
  { href: "/templates", label: "templates" },
  { href: "/settings", label: "settings" },
] as const satisfies ReadonlyArray<{ href: string; label: keyof Messages["common"]["nav"]["links"] }>;

/** The link of the section a path belongs to is the current one (a wallet's page is under Wallets). */
function isCurrent(href: string, pathname: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The dashboard's navigation. Asking for the current session on every page also notices a
 * session that ended elsewhere (the provider then sends the browser to the sign-in page).
 */
export function DashboardNav({ email }: { email: string }) {
  const t = useTranslations("common.nav");
  const pathname = usePathname();
  const trpc = useTRPC();
  const current = useQuery(trpc.auth.currentSession.queryOptions());
  const [signingOut, setSigningOut] = useState(false);
  // On narrow screens the links fold behind a Menu button. It is open for the page it was opened
  // on: following a link, back or forward fold it again; so does Escape (focus back on the button).
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    if (accountOpen) {
      setAccountOpen(false);
      accountRef.current?.querySelector<HTMLButtonElement>(".account-toggle")?.focus();
      return;
    }
    if (!menuOpen) return;
    setMenuOpenOn(null);
    menuButton.current?.focus();
  };
  const account = current.data?.data.attributes;
  // On wide screens the e-mail, theme and sign-out sit behind the account button, so the links fit one row.
  const [accountOpen, setAccountOpen] = useState(false);
  const accountRef = useRef<HTMLDivElement>(null);
  useOutsideClose(accountOpen, accountRef, () => setAccountOpen(false));

  const leave = async () => {
    setSigningOut(true);
    // Ends our server-side session too (next-auth's signOut event), then leaves the dashboard.
    await signOut({ redirect: false }).catch(() => undefined);
    window.location.assign("/sign-in?reason=signed-out");
  };

  return (
    <header className={`dashboard-header${menuOpen ? " menu-open" : ""}`} onKeyDown={closeOnEscape}>
      <Link href="/" className="brand">
        {t("brand")}
      </Link>
      <button
        type="button"
        className="button button-small menu-button"
        aria-expanded={menuOpen}
        aria-controls="dashboard-nav dashboard-account"
        ref={menuButton}
        onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
      >
        {menuOpen ? t("closeMenu") : t("menu")}
      </button>
      <nav id="dashboard-nav" aria-label={t("label")} className="dashboard-nav">
        {LINKS.map(({ href, label }) => (
          <Link
            key={href}
            href={href}
            aria-current={isCurrent(href, pathname) ? "page" : undefined}
            onClick={() => setMenuOpenOn(null)}
          >
            {t(`links.${label}`)}
          </Link>
        ))}
      </nav>
      <div id="dashboard-account" className="account" data-open={accountOpen} ref={accountRef}>
        <button
          type="button"
          className="button button-small account-toggle"
          aria-expanded={accountOpen}
          aria-controls="account-panel"
          onClick={() => setAccountOpen(!accountOpen)}
        >
          <span aria-hidden="true" className="account-initial">
            {(account?.user.email ?? email).slice(0, 1).toUpperCase()}
          </span>
          <span className="visually-hidden">{t("account", { email: account?.user.email ?? email })}</span>
        </button>
        <div id="account-panel" className="account-panel">
          <span
            className="account-email"
            title={account ? t("workspace", { name: account.workspace.name }) : undefined}
          >
            {account?.user.email ?? email}
            {account ? <span className="muted"> · {account.workspace.name}</span> : null}
          </span>
          <ThemeToggle />
          <button type="button" className="button button-small" onClick={leave} disabled={signingOut}>
            {signingOut ? t("signingOut") : t("signOut")}
          </button>
        </div>
      </div>
    </header>
  );
}
