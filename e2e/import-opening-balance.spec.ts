import { expect, test, type Page } from "./test";
import { signInAsDemo } from "./demo-sign-in";
import { expectEuroBalance, newEuroWallet } from "./euro-wallets";

/** The opening balance adjustment an import proposes is the person's to accept or decline. */

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function upload(page: Page, file: Buffer, account = "Travel (EUR)"): Promise<void> {
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: account });
  await form.getByLabel("Statement file").setInputFiles({ name: "old-trip.csv", mimeType: "text/csv", buffer: file });
  await form.getByRole("button", { name: "Upload and preview" }).click();
}

test("declining the proposed opening balance adjustment books the rows and leaves the opening balance", async ({
  page,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  // Dated long before the demo history (and so the account's opening date) begins.
  const file = Buffer.from(
    ["Date;Description;Amount", `${daysAgo(1200)};E2E old ferry ${tag};-17,43`, ""].join("\n"),
    "utf8",
  );
  await signInAsDemo(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  await upload(page, file);

  const review = page.getByRole("region", { name: "old-trip.csv" });
  const adjust = review.getByLabel(/^Adjust the opening balance to .+ on \d{1,2} \w{3} \d{4}$/);
  await expect(adjust).toBeChecked();
  await test
    .info()
    .attach("opening-balance-proposal", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await adjust.uncheck();
  await review.getByRole("button", { name: "Confirm import" }).click();
  const outcome = review.getByRole("status").filter({ hasText: "Import completed." });
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome.locator(".figure").filter({ hasText: "Imported" }).locator("dd")).toHaveText("1");
  // The completed import made no adjustment, so none is shown any more.
  await expect(review.getByText("Opening balance adjustment.")).toHaveCount(0);
});

test("a new account's first statement starts it on the statement's first day, not with a moved opening balance", async ({
  page,
}) => {
  const wallet = `E2E Giro ${Math.random().toString(36).slice(2, 7)}`;
  const file = Buffer.from(
    [
      "Date;Description;Amount",
      `${daysAgo(40)};E2E bakery;-12,30`,
      `${daysAgo(35)};E2E salary;250,00`,
      `${daysAgo(10)};E2E kiosk;-7,70`,
      "",
    ].join("\n"),
    "utf8",
  );
  await signInAsDemo(page);
  // Created as the wallet dialog suggests: balance 0.00, opened today.
  await newEuroWallet(page, wallet, "0.00", daysAgo(0));
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  await upload(page, file, wallet);

  const review = page.getByRole("region", { name: "old-trip.csv" });
  await expect(review.getByText("Opening balance adjustment.")).toBeVisible();
  const beforeOpening = review.locator(".preview-table tbody tr").filter({ hasText: /before opening/i });
  await expect(beforeOpening).toHaveCount(3);
  const start = review.getByRole("form", { name: `Start ${wallet} with this statement` });
  const balance = start.getByLabel(/^Balance on .+, before that day's transactions \(EUR\)$/);
  // No closing balance in the file and 0.00 entered at creation: nothing is known, the person types it.
  await expect(balance).toHaveValue("");
  await balance.fill("1000");
  await start.getByRole("button", { name: /^Start the account on \d{1,2} \w{3} \d{4}$/ }).click();

  // Read again against the account's new opening day: nothing before it, nothing to adjust.
  await expect(review.getByText("Opening balance adjustment.")).toHaveCount(0);
  await expect(start).toHaveCount(0);
  await expect(beforeOpening).toHaveCount(0);
  await review.getByRole("button", { name: "Confirm import" }).click();
  const outcome = review.getByRole("status").filter({ hasText: "Import completed." });
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome.locator(".figure").filter({ hasText: "Imported" }).locator("dd")).toHaveText("3");
  // 1,000.00 on the first day, then -12.30 + 250.00 - 7.70.
  await expectEuroBalance(page, wallet, "1230.00");
});

test("a completed import is undone from the dashboard, and a re-upload is new again", async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const file = Buffer.from(["Date;Description;Amount", `${daysAgo(3)};E2E undo ${tag};-4,20`, ""].join("\n"), "utf8");
  await signInAsDemo(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  await upload(page, file);
  const review = page.getByRole("region", { name: "old-trip.csv" });
  await review.getByRole("button", { name: "Confirm import" }).click();
  await expect(review.getByRole("status").filter({ hasText: "Import completed." })).toBeVisible({ timeout: 20_000 });

  await review.getByRole("button", { name: "Undo this import" }).click();
  const dialog = page.getByRole("dialog", { name: "Undo this import?" });
  await expect(dialog).toContainText("The 1 transaction it created");
  await dialog.getByRole("button", { name: "Undo import" }).click();
  await expect(review.getByText("This import was undone")).toBeVisible();
  await expect(review.getByText("Reverted")).toBeVisible();

  // The same file again: its row is new, not a duplicate of the undone one.
  await upload(page, file);
  await expect(review.getByText("Ready to confirm")).toBeVisible();
  await expect(review.locator(".preview-table tbody tr").first()).not.toContainText("Duplicate");
  await expect(review.getByText("0 duplicates")).toBeVisible();
});
