import { test as base } from "@playwright/test";
import { serverUrl } from "./servers";

/** Playwright's test, whose page and request call this worker's own server (e2e/servers.ts). Specs import test from here. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
});

/**
 * How long the API reference may take to draw: Swagger UI fetches and reads the whole OpenAPI
 * document (about 470 KB) first, which took 20 seconds on this 2-core machine under the full test run.
 */
export const API_REFERENCE_DRAWN_MS = 45_000;

export * from "@playwright/test";
