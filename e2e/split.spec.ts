import { expect, test } from "./test";
import { signInAsDemo } from "./demo-sign-in";
import { newEuroWallet } from "./euro-wallets";
import { axeInBothSchemes } from "./page-walk";

/** Splitting a supermarket bill between two categories, with the amount left to assign shown as it is typed. */

test("splitting a supermarket bill: the remainder falls to zero, and the row shows its parts", async ({ page }) => {
  const wallet = `E2E Split ${Math.random().toString(36).slice(2, 7)}`;
  await signInAsDemo(page);
  await newEuroWallet(page, wallet, "200.00");
  const origin = { origin: new URL(page.url()).origin };
  const accounts = await page.request.get("/api/trpc/accounts.options", { headers: origin });
  const account = (await accounts.json()).result.data.find((each: { name: string }) => each.name === wallet);
  const created = await page.request.post("/api/trpc/transactions.create", {
    headers: origin,
    data: {
      account_id: account.id,
      type: "expense",
      date: "2026-11-03",
      amount: "80.50",
      description: "E2E supermarket",
      category_id: null,
    },
  });
  expect(created.status()).toBe(200);

  await page.goto(`/transactions?account=${account.id}`);
  const row = page.locator("tbody tr.tx-row").filter({ hasText: "E2E supermarket" });
  await row.getByRole("button", { name: /^Actions for E2E supermarket/ }).click();
  await row.getByRole("button", { name: /^Split/ }).click();
  const dialog = page.getByRole("dialog", { name: "Split E2E supermarket" });
  const remaining = dialog.getByTestId("split-remaining");
  // The first part starts with the whole amount: nothing is left, but one part is not a split.
  await dialog.getByLabel("Amount of part 1 (EUR)").fill("62.10");
  await expect(remaining).toHaveText("Left to assign: €18.40");
  await dialog.getByLabel("Category of part 1").selectOption({ label: "Groceries" });
  await dialog.getByLabel("Amount of part 2 (EUR)").fill("18.40");
  await dialog.getByLabel("Category of part 2").selectOption({ label: "Household" });
  await expect(remaining).toHaveText("The parts add up to the amount.");
  await test.info().attach("split-dialog", { body: await page.screenshot(), contentType: "image/png" });
  // The dialog passes axe in both schemes (its labelled rows, the live remainder).
  const axe = axeInBothSchemes(page);
  await axe.check("Split dialog", "dialog[open]");
  axe.expectNone();
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Save the split" }).click();

  await expect(page.locator(".toast-region")).toContainText("E2E supermarket is split into 2 parts.");
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Split into 2 parts");
  await expect(row.locator(".tx-parts")).toContainText("Groceries");
  await expect(row.locator(".tx-parts")).toContainText("Household");
  // Its amount and the account's balance stay whole: 200.00 - 80.50.
  await expect(row.locator("td.tx-amount")).toHaveAttribute("data-amount", "-80.50");
  await expect(row.locator("td.tx-balance")).toHaveAttribute("data-balance", "119.50");

  // Tagged in bulk from the chosen rows' bar; the tag links to its filtered list.
  await row.getByRole("checkbox", { name: /^Select E2E supermarket/ }).check();
  const bar = page.getByRole("group", { name: "Chosen transactions" });
  await bar.getByLabel("A tag for the chosen transactions").fill("E2E trip");
  await bar.getByRole("button", { name: "Tag 1" }).click();
  await expect(page.locator(".toast-region")).toContainText("1 transaction tagged E2E trip.");
  await expect(row.getByRole("link", { name: "Transactions tagged E2E trip" })).toBeVisible();
});
