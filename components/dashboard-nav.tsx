"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useRef, useState, type KeyboardEvent } from "react";
import { ThemeToggle } from "./theme-toggle";
import { useTRPC } from "./trpc-provider";
import { useOutsideClose } from "./use-outside-close";

const LINKS = [
  { href: "/", label: "Overview" },
  { href: "/wallets", label: "Wallets" },
  { href: "/transactions", label: "Transactions" },
  { href: "/budgets", label: "Budgets" },
  { href: "/reports", label: "Reports" },
  { href: "/imports", label: "Imports" },
  { href: "/recurring", label: "Recurring" },
  { href: "/goals", label: "Goals" },
  { href: "/categories", label: "Categories" },
  { href: "/rules", label: "Rules" },
  { href: "/templates", label: "Templates" },
  { href: "/settings", label: "Settings" },
] as const;

/** The link of the section a path belongs to is the current one (a wallet's page is under Wallets). */
function isCurrent(href: string, pathname: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The dashboard's navigation. Asking for the current session on every page also notices a
 * session that ended elsewhere (the provider then sends the browser to the sign-in page).
 */
export function DashboardNav({ email }: { email: string }) {
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
        Personal Finance API
      </Link>
      <button
        type="button"
        className="button button-small menu-button"
        aria-expanded={menuOpen}
        aria-controls="dashboard-nav dashboard-account"
        ref={menuButton}
        onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
      >
        {menuOpen ? "Close menu" : "Menu"}
      </button>
      <nav id="dashboard-nav" aria-label="Dashboard" className="dashboard-nav">
        {LINKS.map(({ href, label }) => (
          <Link
            key={href}
            href={href}
            aria-current={isCurrent(href, pathname) ? "page" : undefined}
            onClick={() => setMenuOpenOn(null)}
          >
            {label}
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
          <span className="visually-hidden">Account: {account?.user.email ?? email}</span>
        </button>
        <div id="account-panel" className="account-panel">
          <span className="account-email" title={account ? `Workspace: ${account.workspace.name}` : undefined}>
            {account?.user.email ?? email}
            {account ? <span className="muted"> · {account.workspace.name}</span> : null}
          </span>
          <ThemeToggle />
          <button type="button" className="button button-small" onClick={leave} disabled={signingOut}>
            {signingOut ? "Signing out…" : "Sign out"}
          </button>
        </div>
      </div>
    </header>
  );
}
