import { expect, test } from "./test";
import { signInAsDemo } from "./demo-sign-in";
import { newEuroWallet } from "./euro-wallets";
import { axeInBothSchemes } from "./page-walk";

/** Reconciling an account to a statement balance: compare, tick rows cleared, finish at zero; the lock shows. */

test("reconciling an account: the difference falls to zero as rows are ticked cleared, and finishing locks them", async ({
  page,
}) => {
  const wallet = `E2E Recon ${Math.random().toString(36).slice(2, 7)}`;
  await signInAsDemo(page);
  await newEuroWallet(page, wallet, "100.00");
  const origin = { origin: new URL(page.url()).origin };
  const accounts = await page.request.get("/api/trpc/accounts.options", { headers: origin });
  const account = (await accounts.json()).result.data.find((each: { name: string }) => each.name === wallet);
  for (const [type, amount, description] of [
    ["expense", "20.00", "E2E rent"],
    ["income", "50.00", "E2E refund"],
  ]) {
    const created = await page.request.post("/api/trpc/transactions.create", {
      headers: origin,
      data: { account_id: account.id, type, date: "2026-11-02", amount, description, category_id: null },
    });
    expect(created.status()).toBe(200);
  }

  await page.goto(`/transactions?account=${account.id}`);
  await page.getByRole("button", { name: "Reconcile", exact: true }).click();
  const panel = page.getByRole("region", { name: "Reconcile with a statement" });
  await panel.getByLabel("Statement balance (EUR)").fill("130.00");
  await panel.getByRole("button", { name: "Compare" }).click();
  // Nothing is cleared yet: the opening balance alone.
  await expect(panel.getByTestId("reconcile-cleared")).toHaveText("€100.00");
  await expect(panel.getByTestId("reconcile-difference")).toHaveText("€30.00");
  const finish = panel.getByRole("button", { name: /^Finish/ });
  await expect(finish).toBeDisabled();

  await page.getByRole("checkbox", { name: /^E2E rent on .+ is cleared$/ }).check();
  await expect(panel.getByTestId("reconcile-difference")).toHaveText("€50.00");
  await page.getByRole("checkbox", { name: /^E2E refund on .+ is cleared$/ }).check();
  await expect(panel.getByTestId("reconcile-difference")).toHaveText("€0.00");
  // The panel and the list's Cleared boxes pass axe in both schemes.
  const axe = axeInBothSchemes(page);
  await axe.check("Reconcile panel");
  axe.expectNone();
  await page.emulateMedia({ colorScheme: "light" });
  await finish.click();
  await expect(page.locator(".toast-region")).toContainText(`${wallet} reconciled: 2 transactions locked.`);
  await expect(panel).toHaveCount(0);
  const rent = page.locator("tbody tr.tx-row").filter({ hasText: "E2E rent" });
  await expect(rent).toContainText("reconciled");

  // The lock holds: an amount edit is refused until the row is unlocked from its menu.
  await rent.getByRole("button", { name: /^Actions for E2E rent/ }).click();
  await rent.getByRole("button", { name: /^Unlock/ }).click();
  await expect(page.locator(".toast-region")).toContainText("E2E rent is unlocked");
  await expect(rent).toContainText("cleared");
});
