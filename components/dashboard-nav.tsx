"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { useTRPC } from "./trpc-provider";

const LINKS = [
  { href: "/wallets", label: "Wallets" },
  { href: "/categories", label: "Categories" },
  { href: "/transactions", label: "Transactions" },
  { href: "/recurring", label: "Recurring" },
  { href: "/goals", label: "Goals" },
  { href: "/budgets", label: "Budgets" },
  { href: "/reports", label: "Reports" },
  { href: "/imports", label: "Imports" },
  { href: "/templates", label: "Templates" },
  { href: "/tokens", label: "Tokens" },
  { href: "/security", label: "Security" },
  { href: "/members", label: "Members" },
] as const;

/**
 * The dashboard's navigation. Asking for the current session on every page also notices a
 * session that ended elsewhere (the provider then sends the browser to the sign-in page).
 */
export function DashboardNav({ email }: { email: string }) {
  const pathname = usePathname();
  const trpc = useTRPC();
  const current = useQuery(trpc.auth.currentSession.queryOptions());
  const [signingOut, setSigningOut] = useState(false);
  const account = current.data?.data.attributes;

  const leave = async () => {
    setSigningOut(true);
    // Ends our server-side session too (next-auth's signOut event), then leaves the dashboard.
    await signOut({ redirect: false }).catch(() => undefined);
    window.location.assign("/sign-in?reason=signed-out");
  };

  return (
    <header className="dashboard-header">
      <Link href="/tokens" className="brand">
        Personal Finance API
      </Link>
      <nav aria-label="Dashboard" className="dashboard-nav">
        {LINKS.map(({ href, label }) => (
          <Link key={href} href={href} aria-current={pathname === href ? "page" : undefined}>
            {label}
          </Link>
        ))}
        <Link href="/docs/api">API reference</Link>
      </nav>
      <div className="account">
        <span className="account-email" title={account ? `Workspace: ${account.workspace.name}` : undefined}>
          {account?.user.email ?? email}
          {account ? <span className="muted"> · {account.workspace.name}</span> : null}
        </span>
        <button type="button" className="button button-small" onClick={leave} disabled={signingOut}>
          {signingOut ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </header>
  );
}
