import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { filesReaching } from "./tests/files-reaching";

const TEST_FILES = ["tests/http/**/*.test.ts"];
const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * HTTP tests: the built app started with the production server, called over the network like a
 * client would. On PGlite every file runs. On PostgreSQL (TEST_DATABASE_URL) the files run whose
 * imports reach what only a database server has (tests/files-reaching.ts, a rule, not a list):
 *   - tests/http/postgres.ts: databases of their own on the server (several instances, an outage,
 *     Redis shared between instances) or the shared server's database read and changed directly;
 *   - tests/http/at-once.ts: requests sent at the same time, which PostgreSQL runs side by side on
 *     connections of their own where PGlite's one connection takes them in turn.
 * A file that only calls the API runs the same server code on both engines but for the database
 * driver; every REST operation and the domain's SQL behind it run on PostgreSQL in the unit pass
 * (vitest.config.ts, server/http/openapi-adapter.test.ts walks every operation).
 */
export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // Only when vitest runs (it sets VITEST before reading this file): knip reads it too, and must see every test file.
    include:
      process.env.VITEST && process.env.TEST_DATABASE_URL
        ? filesReaching(root, TEST_FILES, ["tests/http/postgres.ts", "tests/http/at-once.ts"])
        : TEST_FILES,
    environment: "node",
    globalSetup: ["tests/http/global-setup.ts"],
    fileParallelism: false,
    // One worker runs every file in turn (the files call servers; none changes its own process's state):
    // a process and the helpers' modules per file cost the PGlite pass 206 s -> 154 s here.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
