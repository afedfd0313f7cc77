import { expect, test, type Page } from "./test";
import Decimal from "decimal.js";
import { createFormatter } from "../components/locale/formatter";
import { buildFxSeries } from "../prisma/seed/fx";
import { addDays, todayIn } from "../server/domain/time/calendar";
import { demoApi, signInAsDemo, type ApiGet } from "./demo-sign-in";

/**
 * The overview after sign-in, checked against what a script reads from the REST API with the same
 * account: net worth, recent transactions and budgets. `UPDATE_SCREENSHOTS=1` also writes the
 * README's screenshots (docs/screenshots/home-*.png).
 */

interface AccountAttributes {
  currency_code: string;
  current_balance: string;
  include_net_worth: boolean;
}

/**
 * The demo's published rate into EUR today (Europe/Berlin), as the seed wrote it: the latest
 * weekday fixing, X->EUR as the inverse of EUR->X to 10 places. Independent of the server's
 * conversion code.
 */
function demoRateToEur(code: string): Decimal {
  if (code === "EUR") return new Decimal(1);
  const today = todayIn("Europe/Berlin");
  const series = buildFxSeries(addDays(today, -14), today);
  const fixing = [...series.fixings].reverse().find((entry) => entry.day <= today)!;
  return new Decimal(1).div(fixing.eurTo[code as "USD" | "GBP"]).toDecimalPlaces(10);
}

/** Net worth as a script computes it: each account of a wallet in net worth, times today's rate into EUR, rounded to cents, summed. */
async function netWorthFromApi(api: ApiGet): Promise<{ total: Decimal; currencies: Set<string> }> {
  const body: { data: Array<{ attributes: AccountAttributes }> } = await api(
    "/api/v1/programmatic/accounts?page=1&limit=200",
  );
  const included = body.data.map(({ attributes }) => attributes).filter((account) => account.include_net_worth);
  // The demo holds USD too: the sum is a conversion, not a plain addition of balances.
  expect(
    included.some((account) => account.currency_code !== "EUR" && !new Decimal(account.current_balance).isZero()),
  ).toBe(true);
  const total = included.reduce(
    (sum, account) =>
      sum.plus(
        new Decimal(account.current_balance)
          .times(demoRateToEur(account.currency_code))
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
      ),
    new Decimal(0),
  );
  return { total, currencies: new Set(included.map((account) => account.currency_code)) };
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

test("the overview shows the net worth, recent transactions and budgets a script reads from the API", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsDemo(page);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const api = await demoApi(request, "e2e overview", ["transactions:read", "budgets:read"]);

  const worth = page.getByTestId("net-worth-amount");
  await expect(worth).toBeVisible();
  const expected = await netWorthFromApi(api);
  expect(await worth.getAttribute("data-currency")).toBe("EUR");
  expect(new Decimal((await worth.getAttribute("data-amount"))!).toFixed(2)).toBe(expected.total.toFixed(2));
  // What the person reads: the same figure, written as en-GB writes euros (playwright.config.ts).
  await expect(worth).toHaveText(createFormatter("en-GB").money(expected.total.toFixed(2), "EUR"));
  // The split has one line per currency held.
  const split = page.getByTestId("net-worth").getByRole("list", { name: "By currency" }).getByRole("listitem");
  await expect(split).toHaveCount(expected.currencies.size);
  const shown = await split.evaluateAll((items) => items.map((item) => item.getAttribute("data-currency")));
  expect(new Set(shown)).toEqual(expected.currencies);

  const transactions: { data: Array<{ description: string }> } = await api(
    "/api/v1/programmatic/transactions?page=1&limit=10",
  );
  const recent = page.getByTestId("home-transactions").getByRole("listitem");
  await expect(recent).toHaveCount(10);
  await expect(recent.first()).toContainText(transactions.data[0]!.description);

  const budgets: { data: Array<{ attributes: { name: string } }> } = await api(
    "/api/v1/programmatic/budgets?page=1&limit=100&active=true",
  );
  const budgetCard = page.getByTestId("home-budgets");
  await expect(budgetCard.getByRole("meter")).toHaveCount(budgets.data.length);
  for (const budget of budgets.data) await expect(budgetCard).toContainText(budget.attributes.name);

  await expect(page.getByTestId("home-wallets").getByRole("link").first()).toBeVisible();
  await expect(page.getByTestId("home-bills")).toBeVisible();
  await expect(page.getByTestId("home-insights")).toBeVisible();
  // The demo has wallets, transactions and categories: nothing left of the first steps.
  await expect(page.getByTestId("first-steps")).toHaveCount(0);
  await screenshot(page, "home-1366");
});

test("the overview's net worth chart draws the API's month ends; a wallet's month end is its balance less what came after", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsDemo(page);
  const api = await demoApi(request, "e2e net worth", ["transactions:read", "wallets:read"]);
  const chart = page.getByRole("figure", { name: "Net worth at each month's end" });
  await expect(chart.locator(".recharts-area-curve")).toBeVisible();
  await chart.getByText("Show as a table").click();
  const rows = chart.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((items) =>
    items.map((item) => [item.getAttribute("data-month"), item.getAttribute("data-amount")]),
  );
  type Point = {
    month: string;
    as_of: string;
    amount: string;
    per_wallet: Array<{ wallet_id: string; home_amount: string }>;
  };
  const history: { data: { points: Point[] } } = await api("/api/v1/programmatic/net-worth/history?months=12");
  const charted = history.data.points.slice(history.data.points.findIndex((point) => point.per_wallet.length > 0));
  expect(shown).toEqual(charted.map((point) => [point.month, point.amount]));
  // The current month's point is today's net worth, the figure above the chart.
  expect(shown.at(-1)![1]).toBe(await page.getByTestId("net-worth-amount").getAttribute("data-amount"));

  // Last month's end for a euro wallet, as a script works it out: today's balance less the rows since.
  const accounts: { data: Array<{ id: string; attributes: AccountAttributes & { wallet_id: string; name: string } }> } =
    await api("/api/v1/programmatic/accounts?page=1&limit=200");
  const checking = accounts.data.find((account) => account.attributes.name === "Everyday Checking")!;
  const lastMonth = charted.at(-2)!;
  const today = todayIn("Europe/Berlin");
  const since: { data: Array<{ amount: string }> } = await api(
    `/api/v1/programmatic/transactions?account_id=${checking.id}&from=${addDays(lastMonth.as_of, 1)}&to=${today}&limit=200`,
  );
  const expected = since.data.reduce(
    (balance, row) => balance.minus(row.amount),
    new Decimal(checking.attributes.current_balance),
  );
  const wallet = lastMonth.per_wallet.find((entry) => entry.wallet_id === checking.attributes.wallet_id)!;
  expect(wallet.home_amount).toBe(expected.toFixed(2));
});

test("on a phone the overview fits the screen and the menu folds the navigation away", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemo(page);
  const worth = page.getByTestId("net-worth-amount");
  await expect(worth).toBeVisible();

  const inside = async (locator: ReturnType<Page["locator"]>) => {
    const box = (await locator.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };
  await inside(worth);
  await inside(page.getByTestId("home-transactions").getByRole("listitem").first().locator(".money-cell"));
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);

  // The navigation stays folded until asked for, and takes little room when folded.
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav).toBeHidden();
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(header.height).toBeLessThan(80);
  const menu = page.getByRole("button", { name: "Menu" });
  await inside(menu);
  await screenshot(page, "home-390");
  await menu.click();
  await expect(nav).toBeVisible();
  // Escape folds it again and leaves focus on the button.
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByRole("link", { name: "Budgets", exact: true }).click();
  await expect(page).toHaveURL(/\/budgets$/);
  await expect(nav).toBeHidden();
});

test("a new workspace sees its first steps on an overview of zeros", async ({ page }) => {
  const email = `e2e-home-${Date.now()}@example.com`;
  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first-password-1234");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  const steps = page.getByTestId("first-steps");
  await expect(steps.getByRole("link")).toHaveText([
    "Create a wallet",
    "Import a statement",
    "Categorise your transactions",
    "Create an access token",
  ]);
  await expect(page.getByTestId("net-worth-amount")).toHaveAttribute("data-amount", "0.00");
  await expect(page.getByTestId("home-transactions")).toContainText("No transactions yet.");

  // A wallet ticks the first step; the others stay until done, or until the person hides them.
  await page.getByRole("link", { name: "Create a wallet" }).click();
  await page.getByRole("button", { name: "New wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "New wallet" });
  await dialog.getByLabel("Name").fill("Girokonto");
  await dialog.getByRole("button", { name: "Create wallet" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Overview" }).click();
  await expect(steps.getByRole("listitem").first()).toContainText("done");
  await expect(steps.getByRole("listitem").nth(1)).not.toContainText("done");
  await steps.getByRole("button", { name: "Hide" }).click();
  await expect(steps).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("net-worth-amount")).toBeVisible();
  await expect(steps).toHaveCount(0);
});

test("the home currency is chosen at sign-up and changed in Settings; the overview follows", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(`e2e-currency-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("currency-password-1234");
  await page.getByLabel("Home currency").selectOption("USD");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("net-worth-amount")).toHaveAttribute("data-currency", "USD");

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Workspace" });
  await expect(section.getByLabel("Home currency")).toHaveValue("USD");
  await section.getByLabel("Home currency").selectOption("GBP");
  await section.getByRole("button", { name: "Save workspace settings" }).click();
  await expect(section.getByRole("status")).toContainText("now in GBP");
  await page.goto("/");
  await expect(page.getByTestId("net-worth-amount")).toHaveAttribute("data-currency", "GBP");
  await expect(page.getByTestId("net-worth-amount")).toHaveText("£0.00");
});
