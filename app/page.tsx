import Link from "next/link";
import { SiteHeader } from "@/components/site-header";

export default function HomePage() {
  return (
    <>
      <SiteHeader />
      <main className="page">
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
