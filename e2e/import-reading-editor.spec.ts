import { expect, test, type Page } from "./test";
import { expectEuroBalance, newEuroWallet } from "./euro-wallets";
import { createFormatter } from "../components/locale/formatter";
import { signInAsDemo } from "./demo-sign-in";

/**
 * "Adjust how this file is read": a statement whose headers are made-up words and whose dates the
 * service cannot find is read after the person names its columns; the reading is remembered for the
 * account and applied to its next upload; the import is undone with the balance back.
 */

const OPENING = "100.00";
const english = createFormatter("en-GB");
const shownDay = (day: string) => english.day(day);
// Day-month-year without separators: nothing says these cells are dates, so the upload is refused.
const ROWS = [
  // `day` as the preview writes it in the browser's locale (en-GB, playwright.config.ts).
  { cell: "03042026", day: shownDay("2026-04-03"), text: "Bakery Zorn", amount: "-3,50" },
  { cell: "11102026", day: shownDay("2026-10-11"), text: "Salary Quinx", amount: "2500,00" },
  { cell: "02112026", day: shownDay("2026-11-02"), text: "Rent Vexx", amount: "-812,25" },
];
const FILE = Buffer.from(
  ["Vorp;Quastel;Zimble;Frell", ...ROWS.map((r, i) => `${r.cell};${r.text};${r.amount};${700 + i}`), ""].join("\n"),
  "utf8",
);
const cents = (amount: string) => Math.round(Number(amount.replace(",", ".")) * 100);
const BOOKED = ((cents(OPENING) + ROWS.reduce((sum, r) => sum + cents(r.amount), 0)) / 100).toFixed(2);

async function upload(page: Page, account: string): Promise<void> {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: account });
  await form.getByLabel("Statement file").setInputFiles({ name: "made-up.csv", mimeType: "text/csv", buffer: FILE });
  await form.getByRole("button", { name: "Upload and preview" }).click();
}

test("a file of unknown headers is read after naming its columns, remembered for the account, and undone", async ({
  page,
}) => {
  const wallet = `E2E Reading ${Math.random().toString(36).slice(2, 7)}`;
  await signInAsDemo(page);
  await newEuroWallet(page, wallet, OPENING);
  await upload(page, wallet);

  // The service cannot find the dates: it says so, and offers the editor on the file still in the browser.
  const form = page.getByRole("form", { name: "Upload a statement" });
  await expect(form.getByRole("alert")).toContainText("made-up.csv could not be read");
  await form.getByRole("button", { name: "Say how this file is read" }).click();

  const editor = page.getByRole("region", { name: "Adjust how this file is read" });
  const grid = editor.getByRole("region", { name: "The file's first rows" });
  await expect(grid.getByRole("row").nth(1)).toContainText("Vorp");
  await editor.getByLabel("Header row").selectOption({ label: "Row 1" });
  // Day-month-year without separators is none of the offered formats: typed as another pattern.
  await editor.getByLabel("Date format").selectOption({ label: "Another pattern…" });
  await editor.getByLabel("Date pattern").fill("DDMMYYYY");
  await editor.getByLabel("Column Vorp").selectOption({ label: "Date" });
  await editor.getByLabel("Column Quastel").selectOption({ label: "Description" });
  await editor.getByLabel("Column Zimble").selectOption({ label: "Amount" });
  await editor.getByLabel("Decimal separator").selectOption({ label: "Comma: 1234,56" });

  // The live preview reads the file as the service will.
  const preview = editor.getByRole("table", { name: "The first transactions as read" });
  await expect(editor.getByRole("status").filter({ hasText: "transactions in the file" })).toHaveText(
    "3 transactions in the file.",
  );
  await expect(preview.getByRole("row")).toHaveCount(ROWS.length + 1);
  for (const [index, row] of ROWS.entries()) {
    const shown = preview.getByRole("row").nth(index + 1);
    await expect(shown).toContainText(row.day);
    await expect(shown).toContainText(row.text);
  }
  await expect(preview.getByRole("row").nth(3)).toContainText("−€812.25");

  await test.info().attach("reading-editor-desktop", { body: await editor.screenshot(), contentType: "image/png" });
  if (process.env.E2E_SCREENSHOTS)
    await editor.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/reading-editor-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(editor.getByLabel("Column Vorp")).toBeVisible();
  await test
    .info()
    .attach("reading-editor-phone", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  if (process.env.E2E_SCREENSHOTS)
    await editor.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/reading-editor-phone.png` });
  // On a phone the settings stack and the grid scrolls inside its own box, not the page.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 768 });

  // By keyboard: Chromium may drop the first click after a viewport change.
  const remember = editor.getByLabel(`Remember for ${wallet}`);
  await remember.press("Space");
  await expect(remember).toBeChecked();
  await editor.getByRole("button", { name: "Use these settings" }).click();
  await expect(editor).toHaveCount(0);

  const review = page.getByRole("region", { name: "made-up.csv" });
  await expect(review.getByLabel("Preview counts")).toContainText("3 rows");
  await expect(review.locator(".preview-table tbody tr").first()).toContainText(ROWS[0]!.day);
  await review.getByRole("button", { name: "Confirm import" }).click();
  await expect(review.getByRole("status").filter({ hasText: "Import completed." })).toBeVisible({ timeout: 20_000 });

  await expectEuroBalance(page, wallet, BOOKED);
  // The account page shows the remembered reading.
  const readings = page.getByRole("region", { name: "How statements are read" });
  await expect(readings).toContainText("date = “Vorp”");
  await expect(readings).toContainText("date format DDMMYYYY");

  // Undo from the list of recent imports: the balance is back where it was.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  await page
    .getByRole("table", { name: "Recent imports, newest first" })
    .getByRole("row")
    .filter({ hasText: wallet })
    .first()
    .getByRole("button", { name: "Open made-up.csv" })
    .click();
  await review.getByRole("button", { name: "Undo this import" }).click();
  await page.getByRole("dialog", { name: "Undo this import?" }).getByRole("button", { name: "Undo import" }).click();
  await expect(review.getByText("This import was undone")).toBeVisible();
  await expectEuroBalance(page, wallet, OPENING);

  // The same file again to the same account: read with the remembered settings, no editor needed.
  await upload(page, wallet);
  await expect(review.getByLabel("How the file was read")).toContainText(
    "Read with the options remembered for this account.",
  );
  await expect(review.getByLabel("Preview counts")).toContainText("3 rows");
  await expect(review.locator(".preview-table tbody tr").nth(1)).toContainText(ROWS[1]!.day);

  // Forgotten on the account page, the next upload is refused again.
  await expectEuroBalance(page, wallet, OPENING);
  await page.getByRole("button", { name: "Forget how EUR statements are read" }).click();
  await expect(page.getByRole("region", { name: "How statements are read" })).toHaveCount(0);
  await upload(page, wallet);
  await expect(page.getByRole("form", { name: "Upload a statement" }).getByRole("alert")).toContainText(
    "could not be read",
  );
});

test("a file the service reads is read again on demand with another date format", async ({ page }) => {
  const wallet = `E2E Dates ${Math.random().toString(36).slice(2, 7)}`;
  // Month-first dates whose days are all 12 or less: read day-first by default.
  const file = Buffer.from(
    ["Vorp;Quastel;Zimble", "03/04/2026;Bakery Zorn;-3,50", "10/11/2026;Salary Quinx;2500,00", ""].join("\n"),
    "utf8",
  );
  await signInAsDemo(page);
  await newEuroWallet(page, wallet, OPENING);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: wallet });
  await form.getByLabel("Statement file").setInputFiles({ name: "us-dates.csv", mimeType: "text/csv", buffer: file });
  await form.getByRole("button", { name: "Upload and preview" }).click();

  const review = page.getByRole("region", { name: "us-dates.csv" });
  await expect(review.locator(".preview-table tbody tr").first()).toContainText(shownDay("2026-04-03"));
  await review.getByRole("button", { name: "Adjust how this file is read" }).click();
  const editor = page.getByRole("region", { name: "Adjust how this file is read" });
  // The editor starts from how the file was read: the columns the service found are chosen.
  await expect(editor.getByLabel("Column Vorp")).toHaveValue("date");
  await expect(editor.getByLabel("Column Zimble")).toHaveValue("amount");
  // Half typed, the format is refused: the editor says why and keeps the file and its last preview.
  await editor.getByLabel("Date format").selectOption({ label: "Another pattern…" });
  await editor.getByLabel("Date pattern").fill("MM/");
  await expect(editor.getByRole("alert")).toContainText("Date format must hold a day");
  await expect(editor.getByRole("region", { name: "The file's first rows" })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Use these settings" })).toBeDisabled();
  // The formats that read every date of the column come first, each with the first date as it reads it.
  const usFormat = editor.getByLabel("Date format").locator('option[value="MM/DD/YYYY"]');
  await expect(usFormat).toHaveText(/^MM\/DD\/YYYY: \S+ is \d{1,2} \w{3} \d{4}$/);
  await editor.getByLabel("Date format").selectOption("MM/DD/YYYY");
  await expect(
    editor.getByRole("table", { name: "The first transactions as read" }).getByRole("row").nth(1),
  ).toContainText(shownDay("2026-03-04"));
  await expect(editor.getByRole("alert")).toHaveCount(0);
  await editor.getByRole("button", { name: "Use these settings" }).click();
  await expect(editor).toHaveCount(0);
  await expect(review.locator(".preview-table tbody tr").first()).toContainText(shownDay("2026-03-04"));
  await expect(review.locator(".preview-table tbody tr").nth(1)).toContainText(shownDay("2026-10-11"));
  // Not remembered: the box was left unticked.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Wallets", exact: true }).click();
  await page.getByRole("link", { name: wallet }).click();
  await expect(page.getByRole("region", { name: "How statements are read" })).toHaveCount(0);
});
