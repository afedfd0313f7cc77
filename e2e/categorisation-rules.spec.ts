import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./test";

/**
 * Categories that learn, as a new workspace meets them: a German bank statement is imported, one
 * REWE row is filed in Groceries by hand and "Always" makes it a rule; next month's statement then
 * arrives with its REWE rows in Groceries, said to come from the rule. On the Rules page the rule is
 * applied to the rest of the history (a dry run first) and the application is undone.
 */

const PASSWORD = "rules-password-1234";

function navLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name, exact: true });
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** 2024-03-01 as a German bank writes it: 01.03.2024. */
function german(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

function statement(rows: Array<[number, string, string]>): Buffer {
  const lines = rows.map(([days, text, amount]) => `${german(daysAgo(days))};${text};${amount}`);
  return Buffer.from(["Buchungstag;Verwendungszweck;Betrag", ...lines, ""].join("\n"), "utf8");
}

const FIRST_MONTH = statement([
  [50, "REWE SAGT DANKE 4711 KOELN", "-23,45"],
  [47, "GEHALT MAERZ ACME GMBH", "2500,00"],
  [44, "DM DROGERIE MARKT 1234", "-8,95"],
  [40, "REWE SAGT DANKE 0815 KOELN", "-41,10"],
]);

const NEXT_MONTH = statement([
  [20, "REWE SAGT DANKE 5522 KOELN", "-17,80"],
  [15, "DM DROGERIE MARKT 9876", "-12,40"],
  [10, "REWE SAGT DANKE 1302 KOELN", "-33,05"],
]);

async function upload(page: Page, name: string, file: Buffer) {
  await navLink(page, "Imports").click();
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: "Girokonto" });
  await form.getByLabel("Statement file").setInputFiles({ name, mimeType: "text/csv", buffer: file });
  await form.getByRole("button", { name: "Upload and preview" }).click();
  const review = page.getByRole("region", { name });
  await expect(review.getByText("Ready to confirm")).toBeVisible();
  return review;
}

/** axe's serious and critical WCAG 2.1 A/AA violations on the page as it is now, by rule id. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

async function confirmImport(page: Page, review: ReturnType<Page["getByRole"]>, count: number) {
  await review.getByRole("button", { name: "Confirm import" }).click();
  const outcome = review.getByRole("status").filter({ hasText: "Import completed." });
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome.locator(".figure").filter({ hasText: "Imported" }).locator("dd")).toHaveText(String(count));
}

test("categorise REWE once, say always: next month's REWE rows arrive in Groceries; apply to history and undo", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(`e2e-rules-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);

  // A current account opened before the statements begin.
  await navLink(page, "Wallets").click();
  await page.getByRole("button", { name: "New wallet" }).click();
  const walletDialog = page.getByRole("dialog", { name: "New wallet" });
  await walletDialog.getByLabel("Name").fill("Girokonto");
  const account = walletDialog.getByRole("group", { name: "Account 1" });
  await account.getByLabel("Opening balance").fill("1000.00");
  await account.getByLabel("Opening date").fill(daysAgo(120));
  await walletDialog.getByRole("button", { name: "Create wallet" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Month one: read, nothing known about REWE yet.
  const first = await upload(page, "maerz.csv", FIRST_MONTH);
  await expect(first.getByLabel("Category of row 1")).toHaveValue("");
  await confirmImport(page, first, 4);
  // The result links to the rows it booked.
  await first.getByRole("link", { name: "See the 4 transactions it booked" }).click();
  await expect(page).toHaveURL(/\/transactions\?import=[0-9a-f-]{36}$/);
  await expect(page.locator("tbody tr.tx-row")).toHaveCount(4);

  // One REWE row filed by hand; the dashboard offers to remember it.
  await navLink(page, "Transactions").click();
  const reweRow = page.getByRole("row", { name: /REWE SAGT DANKE 4711 KOELN/ });
  await reweRow.getByRole("combobox", { name: /^Category of REWE SAGT DANKE 4711 KOELN/ }).selectOption({
    label: "Groceries",
  });
  const offer = page.getByRole("region", { name: "Make it a rule" });
  await expect(offer).toContainText("Matches 2 past transactions (1 uncategorised).");
  await offer.getByRole("button", { name: "Always put ‘REWE’ in Groceries" }).click();
  await expect(offer.getByRole("status").first()).toContainText(
    "Rule ‘REWE’ created: imports put ‘REWE’ in Groceries from now on.",
  );
  // The other REWE row of March stays as it is for now: the Rules page files it later.
  await expect(offer.getByRole("button", { name: "Also file the 1 past uncategorised transaction" })).toBeVisible();
  await offer.getByRole("button", { name: "Close" }).click();
  await expect(offer).toHaveCount(0);

  // Month two: the REWE rows come in filed by the rule, and say so; a row's category can be changed.
  const next = await upload(page, "april.csv", NEXT_MONTH);
  const rows = next.locator(".preview-table tbody tr");
  await expect(rows).toHaveCount(3);
  for (const index of [0, 2]) {
    await expect(rows.nth(index).getByRole("combobox", { name: /^Category of row/ })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(rows.nth(index).locator("td.preview-category")).toContainText("Groceries");
    await expect(rows.nth(index).locator("td.preview-category")).toContainText("rule “REWE”");
  }
  await next.getByLabel("Category of row 2").selectOption({ label: "Personal care" });
  await expect(rows.nth(1).locator("td.preview-category")).toContainText("chosen by you");
  await confirmImport(page, next, 3);

  await navLink(page, "Transactions").click();
  for (const text of ["REWE SAGT DANKE 5522 KOELN", "REWE SAGT DANKE 1302 KOELN"]) {
    const select = page.getByRole("row", { name: new RegExp(text) }).getByRole("combobox", { name: /^Category of/ });
    await expect(select.locator("option:checked")).toHaveText("Groceries");
  }
  await expect(
    page
      .getByRole("row", { name: /DM DROGERIE MARKT 9876/ })
      .getByRole("combobox", { name: /^Category of/ })
      .locator("option:checked"),
  ).toHaveText("Personal care");

  // The Rules page: the rule in words, its live count, then applied to history and undone.
  await navLink(page, "Rules").click();
  await expect(page.getByRole("heading", { name: "Rules", level: 1 })).toBeVisible();
  const ruleRow = page.getByRole("row", { name: /REWE/ });
  await expect(ruleRow).toContainText("Description contains “REWE”");
  await expect(ruleRow).toContainText("Groceries");
  expect(await axeViolations(page)).toEqual([]);
  await ruleRow.getByRole("button", { name: "Edit REWE" }).click();
  const edit = page.getByRole("dialog", { name: "Edit rule REWE" });
  await expect(edit.getByRole("status")).toHaveText("Matches 4 past transactions (1 uncategorised).");
  expect(await axeViolations(page)).toEqual([]);
  await edit.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Apply to past transactions" }).click();
  const apply = page.getByRole("dialog", { name: "Apply rules to past transactions" });
  await expect(apply.getByLabel("Only transactions without a category")).toBeChecked();
  await apply.getByRole("button", { name: "Show what would change" }).click();
  await expect(apply.getByRole("status")).toContainText("1 transaction of");
  const change = apply.getByRole("row", { name: /REWE SAGT DANKE 0815 KOELN/ });
  await expect(change).toContainText("Uncategorised → Groceries");
  await apply.getByRole("button", { name: "Apply to 1 transaction" }).click();
  await expect(apply).toHaveCount(0);

  const applications = page.getByRole("region", { name: "Applied to past transactions" });
  await expect(applications.getByRole("status").first()).toHaveText(
    /^Applied: 1 transaction changed \(of \d+ examined\)\.$/,
    {
      timeout: 20_000,
    },
  );
  await navLink(page, "Transactions").click();
  const march = page
    .getByRole("row", { name: /REWE SAGT DANKE 0815 KOELN/ })
    .getByRole("combobox", { name: /^Category of/ });
  await expect(march.locator("option:checked")).toHaveText("Groceries");

  await navLink(page, "Rules").click();
  await applications.getByRole("button", { name: "Undo this application" }).click();
  await expect(applications.getByRole("status").first()).toHaveText("Undone: 1 transaction put back.", {
    timeout: 20_000,
  });
  await navLink(page, "Transactions").click();
  await expect(march.locator("option:checked")).toHaveText("Uncategorised");

  // The uncategorised-clusters report makes a rule from the row left: prefilled with its merchant and the learner's category.
  await navLink(page, "Reports").click();
  const clusters = page.getByTestId("report-uncategorized-clusters");
  await clusters.getByRole("button", { name: "Make a rule for rewe sagt danke koeln" }).click();
  const made = page.getByRole("dialog", { name: "New rule" });
  await expect(made.getByLabel("Description", { exact: true })).toHaveValue("contains");
  await expect(made.getByLabel("Description text")).toHaveValue("rewe");
  await expect(made.getByRole("status")).toHaveText("Matches 4 past transactions (1 uncategorised).");
  await expect(made).toContainText("Suggested: Groceries");
  await expect(made.getByLabel("Category").locator("option:checked")).toHaveText("Groceries");
  await made.getByRole("button", { name: "Cancel" }).click();
  await expect(made).toHaveCount(0);
});
