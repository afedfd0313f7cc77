import { API_REFERENCE_DRAWN_MS, expect, test } from "./test";

test("the API reference renders the generated document and lists the API's paths", async ({ page }) => {
  const failedRequests: string[] = [];
  const foreignRequests: string[] = [];
  page.on("requestfailed", (request) => {
    // The router cancels a dynamic page's prefetch once it has read what it needs (pages are dynamic for their CSP nonce).
    if (request.headers()["next-router-prefetch"] && request.failure()?.errorText === "net::ERR_ABORTED") return;
    failedRequests.push(request.url());
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.hostname !== "127.0.0.1") foreignRequests.push(request.url());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
  });

  await page.goto("/docs/api");
  await expect(page).toHaveTitle(/API reference/);
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByText("Personal Finance API", { exact: false }).first()).toBeVisible({
    timeout: API_REFERENCE_DRAWN_MS,
  });
  await expect(reference.locator(".opblock-summary-path", { hasText: "/api/v1/health" })).toBeVisible();

  // Expanding an operation shows the shared error body schema.
  await reference.locator(".opblock-summary-path", { hasText: "/api/v1/health" }).click();
  await expect(reference.getByText("503").first()).toBeVisible();

  await test
    .info()
    .attach("api-reference", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  expect(failedRequests).toEqual([]);
  expect(foreignRequests).toEqual([]);
});

test("the home page links to the reference and the health check", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Personal Finance API" })).toBeVisible();
  await page.getByRole("link", { name: "API reference" }).first().click();
  await expect(page).toHaveURL(/\/docs\/api$/);
});
