import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/site-header";

export const metadata: Metadata = { title: "Page not found" };

// Replaces Next's built-in 404 page, whose inline <style> element carries no CSP nonce.
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="page">
        <h1>Page not found</h1>
        <p>
          Nothing lives at this address. Go to the <Link href="/">start page</Link> or the{" "}
          <Link href="/docs/api">API reference</Link>.
        </p>
      </main>
    </>
  );
}
