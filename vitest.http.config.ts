import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** HTTP tests: a built app started with `next start`, called over the network like a client would. */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["tests/http/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/http/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
