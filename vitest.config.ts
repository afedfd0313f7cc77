import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { filesReaching } from "./tests/files-reaching";

const TEST_FILES = ["server/**/*.test.ts", "prisma/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"];
const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Domain and database tests: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. On
 * PostgreSQL only the files whose code reaches the module that opens a database and sends SQL
 * (server/db/client.ts) run: the others (parsers, schemas, pure functions) cannot behave differently
 * there, and ran in the PGlite pass. The rule follows imports (tests/files-reaching.ts), so a new
 * test file is placed by what it imports, not by a list.
 */
export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // Only when vitest runs (it sets VITEST before reading this file): knip reads it too, and must see every test file.
    include:
      process.env.VITEST && process.env.TEST_DATABASE_URL
        ? filesReaching(root, TEST_FILES, "server/db/client.ts")
        : TEST_FILES,
    environment: "node",
    globalSetup: ["./server/db/test-template.ts"],
    setupFiles: ["./server/test-setup.ts"],
    // One file per core (vitest's default leaves one core idle): the files wait on their databases.
    maxWorkers: "100%",
    // Workers are reused across files: each file still gets its own database (createTestDatabase),
    // but the app's modules and PGlite's WebAssembly are loaded once per worker, not once per file
    // (PGlite pass 218 s -> 127 s, PostgreSQL 152 s -> 99 s here). A file that changes module state
    // (environment, fake timers, spies) must restore it in its own after-hooks; process-wide state
    // is reset between files in server/test-setup.ts.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test" },
  },
});
