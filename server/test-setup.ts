import { afterAll } from "vitest";
import { clearWorkspaceCache } from "./domain/data-version/workspace-cache";
import { forgetCurrencyCatalogue } from "./domain/money/currencies";
// The plain zod messages the server installs (server/trpc/builders.ts), for tests that parse schemas directly.
import "./routers/shared/plain-messages";

/**
 * Vitest set-up for every unit test file. Workers run many files one after another (isolate:
 * false), so process-wide state one file leaves behind must not reach the next: the in-memory
 * rate limits (a file that spends the failed-authentication budget would otherwise refuse the
 * next file's first wrong token), the currency catalogue and the workspace cache (each file has
 * a database of its own).
 */
afterAll(() => {
  const holder = globalThis as { rateLimiters?: { shared?: unknown } };
  if (!holder.rateLimiters?.shared) delete holder.rateLimiters;
  forgetCurrencyCatalogue();
  clearWorkspaceCache();
});
