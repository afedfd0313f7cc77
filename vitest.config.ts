import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Domain and database tests: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["server/**/*.test.ts", "prisma/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./server/db/test-template.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test" },
  },
});
