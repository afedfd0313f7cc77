import { expect, type Page } from "./test";

/** Creates a wallet of one EUR account with `opening` on `openingDate`, as the dashboard does (the session's tRPC call). */
export async function newEuroWallet(
  page: Page,
  name: string,
  opening: string,
  openingDate = "2020-01-01",
): Promise<void> {
  const created = await page.request.post("/api/trpc/wallets.create", {
    headers: { origin: new URL(page.url()).origin },
    data: { name, accounts: [{ currency_code: "EUR", opening_balance: opening, opening_balance_date: openingDate }] },
  });
  expect(created.status()).toBe(200);
}

/** Opens the wallet's page and waits for its EUR account's current balance to read `amount` ("1784.25"). */
export async function expectEuroBalance(page: Page, wallet: string, amount: string): Promise<void> {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Wallets", exact: true }).click();
  await page.getByRole("link", { name: wallet }).click();
  const row = page
    .getByRole("table", { name: `Accounts of ${wallet}` })
    .getByRole("row")
    .filter({ hasText: "EUR" });
  const shown = async () => (await row.getByRole("cell").nth(1).innerText()).replace("−", "-").replace(/[^\d.-]/g, "");
  await expect.poll(shown).toBe(amount);
}
