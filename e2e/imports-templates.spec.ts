import { expect, test, type Page } from "./test";

/**
 * The demo user imports a statement into Travel (EUR): preview, confirm, the worker's counts; the
 * same file again is all duplicates. Then a template, and a transaction created from it.
 */

const DEMO = { email: "demo@example.com", password: "demo-password-1234" };

function navLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name, exact: true });
}

async function signInAsDemo(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail address").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Three bookings of the last week, with amounts and words the demo history does not have. */
function statementCsv(tag: string): Buffer {
  return Buffer.from(
    [
      "Date;Description;Amount",
      `${daysAgo(6)};E2E ferry ticket ${tag};-17,43`,
      `${daysAgo(4)};E2E hostel deposit back ${tag};250,07`,
      `${daysAgo(2)};E2E museum shop ${tag};-8,19`,
      "",
    ].join("\n"),
    "utf8",
  );
}

async function uploadStatement(page: Page, file: Buffer): Promise<void> {
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: "Travel (EUR)" });
  await form
    .getByLabel("Statement file")
    .setInputFiles({ name: "travel-week.csv", mimeType: "text/csv", buffer: file });
  await form.getByRole("button", { name: "Upload and preview" }).click();
}

test("import a statement, confirm it, and see the same file again as duplicates", async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const file = statementCsv(tag);
  await signInAsDemo(page);
  await navLink(page, "Imports").click();
  await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();

  await uploadStatement(page, file);
  const review = page.getByRole("region", { name: "travel-week.csv" });
  await expect(review.getByText("Ready to confirm")).toBeVisible();
  await expect(review.getByText("Travel (EUR) · CSV")).toBeVisible();
  const rows = review.locator(".preview-table tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(review.getByText("3 new", { exact: true })).toBeVisible();
  await expect(review.getByText("0 duplicates", { exact: true })).toBeVisible();
  await expect(rows.nth(0)).toContainText(`E2E ferry ticket ${tag}`);
  await expect(rows.nth(0)).toContainText("−€17.43");
  await expect(rows.nth(1)).toContainText("€250.07");
  for (const state of await rows.locator(".badge").allTextContents()) expect(state).toBe("new");

  await review.getByRole("button", { name: "Confirm import" }).click();
  const outcome = review.getByRole("status").filter({ hasText: "Import completed." });
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome.locator(".figure").filter({ hasText: "Imported" }).locator("dd")).toHaveText("3");
  await expect(outcome.locator(".figure").filter({ hasText: "Errors" }).locator("dd")).toHaveText("0");
  const history = page.getByRole("region", { name: "Recent imports" });
  await expect(history.getByRole("row").nth(1)).toContainText("Completed");
  await expect(history.getByRole("row").nth(1)).toContainText("Travel (EUR)");
  await test
    .info()
    .attach("imports-page-completed", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  // The same file again: every row is one that is already booked.
  await uploadStatement(page, file);
  await expect(review.getByText("Ready to confirm")).toBeVisible();
  await expect(review.getByText("3 duplicates", { exact: true })).toBeVisible();
  await expect(review.getByText("0 new", { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(3);
  for (const state of await rows.locator(".badge").allTextContents()) expect(state).toBe("duplicate");
  await expect(rows.nth(0)).toContainText("transaction ");
  await expect(review.getByLabel("Skip duplicates (3)")).toBeChecked();
  await test
    .info()
    .attach("imports-page", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  await review.getByRole("button", { name: "Confirm import" }).click();
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome.locator(".figure").filter({ hasText: "Imported" }).locator("dd")).toHaveText("0");
  await expect(outcome.locator(".figure").filter({ hasText: "Skipped" }).locator("dd")).toHaveText(
    "3 (3 already booked)",
  );
});

test("a file whose amount signs are ambiguous is read again with the chosen convention", async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  // No amount is negative: the service cannot tell spending from money in.
  const file = Buffer.from(
    [
      "Date,Description,Amount",
      `${daysAgo(3)},E2E card shop ${tag},12.00`,
      `${daysAgo(1)},E2E card cafe ${tag},3.50`,
      "",
    ].join("\n"),
  );
  await signInAsDemo(page);
  await navLink(page, "Imports").click();
  await uploadStatement(page, file);
  const review = page.getByRole("region", { name: "travel-week.csv" });
  await expect(review.getByText("Needs your choice")).toBeVisible();
  await expect(review.getByRole("button", { name: "Confirm import" })).toHaveCount(0);
  const choice = review.getByRole("form", { name: "Amount signs" });
  await test
    .info()
    .attach("imports-amount-semantics", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await choice.getByLabel("Signed, money out is positive").check();
  await choice.getByRole("button", { name: "Read the file again with this choice" }).click();

  await expect(review.getByText("Ready to confirm")).toBeVisible();
  await expect(review.getByRole("form", { name: "Amount signs" })).toHaveCount(0);
  const rows = review.locator(".preview-table tbody tr");
  await expect(rows.nth(0)).toContainText("−€12.00");
  await expect(rows.nth(1)).toContainText("−€3.50");
  await expect(review.getByRole("button", { name: "Confirm import" })).toBeEnabled();
});

test("an import not wanted is discarded, and leaves nothing behind", async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const file = Buffer.from(["Date,Description,Amount", `${daysAgo(2)},E2E discard ${tag},-7.00`, ""].join("\n"));
  await signInAsDemo(page);
  await navLink(page, "Imports").click();
  await uploadStatement(page, file);
  const review = page.getByRole("region", { name: "travel-week.csv" });
  await expect(review.getByText("Ready to confirm")).toBeVisible();
  const recent = page.getByRole("region", { name: "Recent imports" });
  // The list shows this upload (the open one) before the pending rows are counted.
  await expect(recent.locator('tr[aria-current="true"]')).toContainText("Ready to confirm");
  const pending = recent.getByRole("row").filter({ hasText: "Ready to confirm" });
  const before = await pending.count();
  await review.getByRole("button", { name: "Discard" }).click();
  await expect(review).toHaveCount(0);
  await expect(pending).toHaveCount(before - 1);
});

test("create a template and a transaction from it", async ({ page }) => {
  const name = `E2E espresso ${Math.random().toString(36).slice(2, 7)}`;
  await signInAsDemo(page);
  await navLink(page, "Templates").click();
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "New template" }).click();
  const form = page.getByRole("dialog", { name: "New template" });
  // Checked in the browser with the server's schema: a name alone is not a template.
  await form.getByRole("button", { name: "Create template" }).click();
  await expect(form.getByText("Enter a name")).toBeVisible();
  await form.getByLabel("Name").fill(name);
  await expect(form.getByLabel("Direction")).toHaveValue("expense");
  await form.getByLabel("Paid from wallet").selectOption({ label: "Travel" });
  await form.getByLabel("Category").selectOption({ label: "Coffee" });
  await form.getByLabel("Currency").selectOption("EUR");
  await form.getByLabel("Amount").fill("4.205");
  await form.getByRole("button", { name: "Create template" }).click();
  await expect(form.getByText("EUR has 2 decimal places")).toBeVisible();
  await form.getByLabel("Amount").fill("4.20");
  await form.getByLabel("Description").fill("Espresso at the station");
  await test.info().attach("new-template-dialog", { body: await page.screenshot(), contentType: "image/png" });
  await form.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Expense");
  await expect(row).toContainText("Travel");
  await expect(row).toContainText("Coffee");
  await expect(row).toContainText("€4.20");
  await expect(row.getByRole("cell").nth(5)).toHaveText("0");
  await expect(row).toContainText("never");

  await row.getByRole("button", { name: `Create transaction from ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Create transaction from template" });
  await expect(dialog.getByLabel("Paid from account").locator("option:checked")).toHaveText("Travel (EUR)");
  await expect(dialog.getByLabel("Amount (EUR)")).toHaveValue("4.20");
  await expect(dialog.getByLabel("Description")).toHaveValue("Espresso at the station");
  await expect(dialog.getByLabel("Category").locator("option:checked")).toHaveText("Coffee");
  // Today in the demo workspace's timezone, written the browser locale's way (en-GB: 28/11/2026).
  await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(new Date()),
  );
  await test.info().attach("use-template-dialog", { body: await page.screenshot(), contentType: "image/png" });
  await dialog.getByRole("button", { name: "Create transaction" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await expect(page.getByRole("status").filter({ hasText: `Created 1 transaction from ${name}` })).toBeVisible();
  await expect(row.getByRole("cell").nth(5)).toHaveText("1");
  await expect(row).not.toContainText("never");
  await test
    .info()
    .attach("templates-page", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  // The booking is on the transactions page, as an expense of the Travel (EUR) account.
  await navLink(page, "Transactions").click();
  await expect(page.getByRole("row", { name: /Espresso at the station/ }).first()).toContainText("4.20");
});
