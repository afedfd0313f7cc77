import { expect, test } from "./test";
import { signInAsDemo } from "./demo-sign-in";

/** A statement of an account the service does not know for the chosen one: refused, then booked here on the person's word. */
test("a statement naming another account is offered to be read into the chosen account anyway", async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const today = new Date().toISOString().slice(0, 10);
  // The demo's Travel (EUR) account has a Belgian IBAN; this statement names a German one.
  const file = Buffer.from(
    [
      "Auftragskonto;Buchungstag;Verwendungszweck;Betrag",
      `DE02120300000000202051;${today};E2E ferry ${tag};-12,34`,
      "",
    ].join("\n"),
    "utf8",
  );
  await signInAsDemo(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Imports", exact: true }).click();
  const form = page.getByRole("form", { name: "Upload a statement" });
  await form.getByLabel("Account").selectOption({ label: "Travel (EUR)" });
  await form
    .getByLabel("Statement file")
    .setInputFiles({ name: "other-account.csv", mimeType: "text/csv", buffer: file });
  await form.getByRole("button", { name: "Upload and preview" }).click();

  const offer = page.getByRole("region", { name: "Statement of another account" });
  await expect(offer).toContainText("This file is a statement of account DE02120300000000202051");
  // Not stored on the account: the demo's Travel account keeps its own IBAN for the other tests.
  const store = offer.getByRole("checkbox", { name: /Store DE02120300000000202051 as .* IBAN/ });
  await expect(store).toBeChecked();
  await store.uncheck();
  await offer.getByRole("button", { name: /^This file belongs to / }).click();

  const review = page.getByRole("region", { name: "other-account.csv" });
  await expect(review.getByText("Ready to confirm")).toBeVisible({ timeout: 20_000 });
  await expect(review.locator(".preview-table tbody tr").first()).toContainText(`E2E ferry ${tag}`);
  await expect(offer).toHaveCount(0);
});
