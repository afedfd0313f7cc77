import { expect, test } from "./test";
import { signInAsDemo } from "./demo-sign-in";
import { collectViolations } from "./page-walk";

/**
 * The pages work under their Content-Security-Policy: the browser refuses nothing on any of them.
 * Every dashboard page is checked by the page walks (e2e/accessibility.spec.ts in English,
 * e2e/german.spec.ts in German), which collect violations as they go.
 */

test("the public pages, sign-in and the API reference run without a CSP violation", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await collectViolations(page);
  for (const path of ["/", "/sign-up", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
  await signInAsDemo(page);

  await page.goto("/docs/api");
  const reference = page.getByTestId("api-reference");
  const health = reference.locator(".opblock-summary-path", { hasText: "/api/v1/health" });
  // Swagger UI's 1.5 MB bundle takes seconds to start on a busy machine.
  await expect(health).toBeVisible({ timeout: 45_000 });
  await health.click();
  await expect(reference.getByText("503").first()).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(violations).toEqual([]);
});

test("the reports draw their charts without a CSP violation", async ({ page }) => {
  const violations = await collectViolations(page);
  await signInAsDemo(page);
  // Reached by a client-side navigation: the router loads the page's scripts after the document.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByTestId("report-cash-flow-summary").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("report-income-stability").locator(".recharts-line-curve").first()).toBeVisible();
  // And loaded as a document.
  await page.reload();
  await expect(page.getByTestId("report-category-drift").locator(".recharts-area-area").first()).toBeVisible();
  await expect(page.getByTestId("insights-panel").getByText(/^Loading/)).toHaveCount(0);
  expect(violations).toEqual([]);
});

test("a page that does not exist answers 404 without a CSP violation", async ({ page }) => {
  const violations = await collectViolations(page);
  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("the browser is told: pages carry a nonce CSP and refuse to be framed", async ({ page }) => {
  const response = await page.goto("/sign-in");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
});

test("an injected inline script without the nonce does not run", async ({ page }) => {
  const violations = await collectViolations(page);
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => violations.some((violation) => violation.includes("script-src-elem refused inline")))
    .toBe(true);
});
