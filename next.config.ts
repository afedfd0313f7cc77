import type { NextConfig } from "next";
import { securityHeaders } from "./server/http/security-headers";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A second build beside the usual one (e.g. parallel work on one checkout); the default is .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
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
  // Every response Next serves; pages replace this CSP with their own (proxy.ts).
  async headers() {
    const headers = Object.entries(securityHeaders()).map(([key, value]) => ({ key, value }));
    return [{ source: "/:path*", headers }];
  },
};

export default nextConfig;
