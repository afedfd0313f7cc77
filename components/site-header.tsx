import Link from "next/link";

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Personal Finance API
      </Link>
      <Link href="/docs/api">API reference</Link>
      <a href="/api/v1/openapi.json">OpenAPI document</a>
      <span className="site-header-end">
        <Link href="/sign-in">Sign in</Link>
        <Link href="/sign-up" className="button button-small button-primary">
          Sign up
        </Link>
      </span>
    </header>
  );
}
