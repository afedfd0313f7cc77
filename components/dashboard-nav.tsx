"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { ThemeToggle } from "./theme-toggle";
import { useTRPC } from "./trpc-provider";

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
  // On narrow screens the links fold behind a Menu button; following a link folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  const account = current.data?.data.attributes;

  const leave = async () => {
    setSigningOut(true);
    // Ends our server-side session too (next-auth's signOut event), then leaves the dashboard.
    await signOut({ redirect: false }).catch(() => undefined);
    window.location.assign("/sign-in?reason=signed-out");
  };

  return (
    <header className={`dashboard-header${menuOpen ? " menu-open" : ""}`}>
      <Link href="/" className="brand">
        Personal Finance API
      </Link>
      <button
        type="button"
        className="button button-small menu-button"
        aria-expanded={menuOpen}
        aria-controls="dashboard-nav"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? "Close menu" : "Menu"}
      </button>
      <nav id="dashboard-nav" aria-label="Dashboard" className="dashboard-nav">
        {LINKS.map(({ href, label }) => (
          <Link key={href} href={href} aria-current={isCurrent(href, pathname) ? "page" : undefined} onClick={() => setMenuOpen(false)}>
            {label}
          </Link>
        ))}
      </nav>
      <div className="account">
        <span className="account-email" title={account ? `Workspace: ${account.workspace.name}` : undefined}>
          {account?.user.email ?? email}
          {account ? <span className="muted"> · {account.workspace.name}</span> : null}
        </span>
        <ThemeToggle />
        <button type="button" className="button button-small" onClick={leave} disabled={signingOut}>
          {signingOut ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </header>
  );
}
