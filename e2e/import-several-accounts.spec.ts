import { expect, test } from "./test";
import { expectEuroBalance, newEuroWallet } from "./euro-wallets";
import { signInAsDemo } from "./demo-sign-in";

/**
 * A statement file of two accounts, neither of which the demo workspace knows by number: the review
 * says so, the person picks an account for each statement, the file is read again with that
 * choice, and confirm books each statement's rows to its account.
 */

const statement = (iban: string, lines: string[], closing: string) =>
  [":20:STARTUMS", `:25:${iban}`, ":28C:00001/001", ":60F:C260301EUR0,00", ...lines, `:62F:${closing}`, "-", ""].join(
    "\r\n",
  );
const FILE = Buffer.from(
  statement(
    "GB82WEST12345698765432",
    [":61:2603020302D12,30NTRFNONREF", ":86:Bakery Zorn", ":61:2603050305C250,00NTRFNONREF", ":86:Refund Quinx"],
    "C260305EUR237,70",
  ) + statement("NL91ABNA0417164300", [":61:2603060306C40,00NTRFNONREF", ":86:Standing order"], "C260306EUR40,00"),
  "latin1",
);

test("a file of two accounts is booked to the accounts picked for its statements", async ({ page }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const giro = `E2E Giro ${suffix}`;
  const savings = `E2E Savings ${suffix}`;
  await signInAsDemo(page);
  await newEuroWallet(page, giro, "0.00");
  await newEuroWallet(page, savings, "0.00");

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: giro });
  await form
    .getByLabel("Statement file")
    .setInputFiles({ name: "two-accounts.sta", mimeType: "text/plain", buffer: FILE });
  await form.getByRole("button", { name: "Upload and preview" }).click();

  const review = page.getByRole("region", { name: "two-accounts.sta" });
  const statements = review.getByRole("table", { name: "Statements in the file" });
  await expect(review.getByText("None of these statements names an account of yours")).toBeVisible();
  await expect(statements.getByRole("row")).toHaveCount(3);
  await expect(review.getByRole("button", { name: "Confirm import" })).toHaveCount(0);

  await statements.getByLabel("Account for GB82WEST12345698765432").selectOption({ label: `${giro} (EUR)` });
  await statements.getByLabel("Account for NL91ABNA0417164300").selectOption({ label: `${savings} (EUR)` });
  await review.getByRole("button", { name: "Read with these accounts" }).click();

  await expect(review.getByLabel("Preview counts")).toContainText("3 rows");
  await expect(statements.getByRole("row").nth(1)).toContainText("by your choice");
  await review.getByRole("button", { name: "Confirm import" }).click();
  await expect(review.getByRole("status").filter({ hasText: "Import completed." })).toBeVisible({ timeout: 20_000 });

  await expectEuroBalance(page, giro, "237.70");
  await expectEuroBalance(page, savings, "40.00");
});
