import { expect, test } from "./test";
import { createFormatter } from "../components/locale/formatter";
import { DEMO, demoApi } from "./demo-sign-in";

/**
 * A German browser: the words are German, amounts, dates and chart tooltips are written the German
 * way, an amount typed as "1.234,56" is stored as 1234.56, a day typed as "3.11.2026" is stored as
 * 2026-11-03, and the Settings page switches the locale (and with it the language) by a cookie.
 */

test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

const german = createFormatter("de-DE");
// "1.234,56 €", "−12,30 €": points between thousands, a decimal comma, the euro sign after a space.
const GERMAN_EUROS = /^−?\d{1,3}(\.\d{3})*,\d{2}\s€$/;

test("a German browser reads German and can type 1.234,56 and 3.11.2026", async ({ page, request }) => {
  const api = await demoApi(request, "e2e locale", ["wallets:read", "transactions:read"]);
  // The server renders with the locale the browser hydrates with: no hydration mismatch (React error #418) or other error.
  const errors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  page.on("pageerror", (error) => void errors.push(error.message));
  await page.goto("/sign-in");
  await page.locator('input[type="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/$/);

  // A wallet balance: the API's decimal string, written the German way.
  const wallets: Array<{ attributes: { name: string; total_balance: string } }> = (
    await api("/api/v1/programmatic/wallets?limit=100")
  ).data;
  const savings = wallets.find((wallet) => wallet.attributes.name === "Savings")!;
  expect(Number(savings.attributes.total_balance)).toBeGreaterThanOrEqual(1000);
  await page.goto("/wallets");
  const savingsRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Savings", exact: true }) });
  const total = savingsRow.locator("td.money-cell").last();
  await expect(total).toHaveText(german.money(savings.attributes.total_balance, "EUR"));
  expect(await total.innerText()).toMatch(GERMAN_EUROS);

  // Dates as dd.mm.yyyy; a new expense typed with German separators.
  await page.goto("/transactions");
  const rows = page.getByRole("table", { name: /^Buchungen/ }).getByRole("row");
  await expect(
    rows
      .nth(1)
      .getByRole("cell")
      .filter({ hasText: /^\d{2}\.\d{2}\.\d{4}$/ }),
  ).toHaveCount(1);
  await page.getByRole("button", { name: "Neue Buchung" }).click();
  const form = page.getByRole("dialog", { name: "Neue Buchung" });
  const description = `Locale test ${Date.now().toString(36)}`;
  await form.getByLabel("Konto", { exact: true }).selectOption({ label: "Everyday Checking" });
  await form.getByLabel("Beschreibung").fill(description);
  // The day field is German too, whatever the browser's own date control would show.
  const day = form.getByLabel("Datum", { exact: true });
  await expect(day).toHaveAttribute("placeholder", "TT.MM.JJJJ");
  // Today in the demo workspace's timezone, typed short ("3.11.2026"): the newest row of the list.
  const [year, month, date] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" })
    .format(new Date())
    .split("-");
  await day.fill(`${Number(date)}.${Number(month)}.${year}`);
  await form.getByLabel(/^Betrag/).fill("1,234.56");
  await form.getByRole("button", { name: "Buchung hinzufügen" }).click();
  await expect(form.getByText("„1,234.56“ ist kein Betrag: schreib ihn wie 1.234,56.")).toBeVisible();
  await expect(day).toHaveValue(`${date}.${month}.${year}`);
  await form.getByLabel(/^Betrag/).fill("1.234,56");
  await form.getByRole("button", { name: "Buchung hinzufügen" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(description) })).toContainText("−1.234,56\u00a0€");
  const found = (await api(`/api/v1/programmatic/transactions?search=${encodeURIComponent(description)}`)).data;
  expect(found.map((transaction: { amount: string; date: string }) => [transaction.amount, transaction.date])).toEqual([
    ["-1234.56", `${year}-${month}-${date}`],
  ]);

  // A chart tooltip: the month's name and the income in German.
  await page.goto("/reports");
  const cashFlow = page.getByTestId("report-cash-flow-summary");
  await cashFlow.locator(".recharts-bar-rectangle").first().hover();
  const tooltip = cashFlow.locator(".recharts-default-tooltip");
  await expect(tooltip).toBeVisible();
  const months = Array.from({ length: 12 }, (_, index) =>
    german.month(`2026-${String(index + 1).padStart(2, "0")}`).replace(" 2026", ""),
  );
  await expect(tooltip.locator(".recharts-tooltip-label")).toHaveText(new RegExp(`^(${months.join("|")}) \\d{4}$`));
  await expect(tooltip).toContainText(/Einnahmen \(EUR\)\s*:\s*\d{1,3}(\.\d{3})*,\d{2}\s€/);

  // The setting: English (UK) by a cookie, words and formats at once, then back to the browser's German.
  await page.goto("/settings");
  const setting = page.getByLabel("Sprache, Zahlen und Datumsangaben");
  await expect(setting.locator("option:checked")).toHaveText("Browser-Standard (de-DE)");
  await setting.selectOption("en-GB");
  await expect(page.getByText("For example €1,234.56 and 31 Dec 2026.", { exact: false })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await page.goto("/wallets");
  await expect(total).toHaveText(createFormatter("en-GB").money(savings.attributes.total_balance, "EUR"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wallets");
  await page.goto("/settings");
  await page.getByLabel("Language, numbers and dates").selectOption("");
  await expect(page.getByText("Zum Beispiel 1.234,56 € und 31.12.2026.", { exact: false })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  expect(errors).toEqual([]);
});
