import Link from "next/link";
import { DashboardShell } from "@/components/dashboard-shell";
import { HomeView } from "@/components/home/home-view";
import { SiteHeader } from "@/components/site-header";
import { getDashboardSession } from "@/server/auth/next-auth";

// Reads the session cookie on every request; never prerendered.
export const dynamic = "force-dynamic";

/** Signed in: the overview of the workspace. Signed out: what the service is, and the way in. */
export default async function HomePage() {
  const session = await getDashboardSession();
  if (session) {
    return (
      <DashboardShell email={session.user.email}>
        <HomeView />
      </DashboardShell>
    );
  }
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="page">
        <h1>Personal Finance API</h1>
        <p>
          Wallets, budgets, goals, statement imports and reports of one workspace, for your own scripts: create a
          personal access token and call the REST endpoints under <code>/api/v1/programmatic</code>.
        </p>
        <p className="cta">
          <Link href="/sign-up" className="button button-primary">
            Sign up
          </Link>
          <Link href="/sign-in" className="button">
            Sign in
          </Link>
          <span className="muted">to create and revoke your access tokens.</span>
        </p>
        <ul>
          <li>
            <Link href="/docs/api">API reference</Link> (generated from the service&apos;s own routers)
          </li>
          <li>
            <a href="/api/v1/health">Service health</a>
          </li>
        </ul>
      </main>
    </>
  );
}
