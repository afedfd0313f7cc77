import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaders } from "./server/http/security-headers";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Every route's module is loaded when the server starts, so no first visitor waits for one; a test
  // server that calls a few routes loads only those (PFA_TEST_LAZY_ROUTES=1, tests/http/server.ts).
  experimental: { preloadEntriesOnStart: process.env.PFA_TEST_LAZY_ROUTES !== "1" },
  // A second build beside the usual one (e.g. parallel work on one checkout); the default is .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks first (tsc); a build for a quick look may skip it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // Native, WASM or worker-thread packages run from node_modules instead of being bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "@node-rs/argon2",
    "pino",
    "sheetjs-style",
    "swagger-ui-dist",
    // One copy shared with the production server (scripts/serve.ts), which loads them from node_modules.
    "rate-limiter-flexible",
    "ioredis",
  ],
  // Pages that moved under Settings, and the old dashboard entry point: bookmarks and e-mailed links keep working.
  async redirects() {
    return [
      { source: "/tokens", destination: "/settings/tokens", permanent: true },
      { source: "/members", destination: "/settings/members", permanent: true },
      { source: "/security", destination: "/settings/security", permanent: true },
      { source: "/dashboard", destination: "/", permanent: false },
    ];
  },
  // Every response Next serves; pages replace this CSP with their own (proxy.ts).
  async headers() {
    const headers = Object.entries(securityHeaders()).map(([key, value]) => ({ key, value }));
    return [{ source: "/:path*", headers }];
  },
};

// The words of each request's language (components/locale/i18n-request.ts).
const withMessages = createNextIntlPlugin("./components/locale/i18n-request.ts");

export default withMessages(nextConfig);
