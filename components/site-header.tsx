import Link from "next/link";

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Personal Finance API
      </Link>
      <Link href="/docs/api">API reference</Link>
      <a href="/api/v1/openapi.json">OpenAPI document</a>
    </header>
  );
}
