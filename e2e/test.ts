import { test as base } from "@playwright/test";
import { serverUrl } from "./servers";

/** Playwright's test, whose page and request call this worker's own server (e2e/servers.ts). Specs import test from here. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
});

export * from "@playwright/test";
