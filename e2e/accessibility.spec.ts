import { expect, test } from "./test";
import { signInAsDemo } from "./demo-sign-in";
import { axeInBothSchemes, collectViolations, openPage, PAGES } from "./page-walk";

/**
 * axe (WCAG 2.0/2.1 A and AA) finds no serious or critical violation on the sign-in page, any
 * signed-in page, a dialog with its (plain-language) field errors or the API reference, in light and
 * in dark mode; the skip link, the theme toggle and the dialogs' focus work from the keyboard.
 * Four tests, which the two workers take side by side. The walks also collect every
 * Content-Security-Policy violation the pages report (none allowed).
 */

// The walk is split into tests the two workers take side by side (each worker has a server and demo of its own).
// Seconds a page idle; three times that when the host is slow (seen in CI).
test.describe.configure({ mode: "parallel", timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const HALF = Math.ceil(PAGES.length / 2);

test("the sign-in page and the first half of the signed-in pages pass axe in light and dark mode", async ({ page }) => {
  const axe = axeInBothSchemes(page);
  const refused = await collectViolations(page);
  await openPage(page, "/sign-in");
  await axe.check("/sign-in");
  await signInAsDemo(page);
  await axe.checkPages(PAGES.slice(0, HALF));
  axe.expectNone();
  expect(refused).toEqual([]);
});

test("the other signed-in pages and a wallet's own page pass axe in light and dark mode", async ({ page }) => {
  const axe = axeInBothSchemes(page);
  const refused = await collectViolations(page);
  await signInAsDemo(page);
  // A wallet's own page: the first wallet of the list.
  await openPage(page, "/wallets");
  const walletPath = await page.locator('main a[href^="/wallets/"]').first().getAttribute("href");
  expect(walletPath).toMatch(/^\/wallets\/[0-9a-f-]{36}$/);
  await axe.checkPages([...PAGES.slice(HALF), walletPath!]);
  axe.expectNone();
  expect(refused).toEqual([]);
});

test("a dialog showing its field errors, and the API reference, pass axe in light and dark mode", async ({ page }) => {
  const axe = axeInBothSchemes(page);
  await signInAsDemo(page);
  // A dialog, with the page behind it inert, showing its field errors in plain words.
  await openPage(page, "/transactions");
  await page.getByRole("button", { name: "New transaction" }).click();
  const dialog = page.getByRole("dialog", { name: "New transaction" });
  await dialog.getByRole("button", { name: "Add transaction" }).click();
  await expect(dialog.getByText("Enter an amount", { exact: false })).toBeVisible();
  await expect(dialog.getByText("Enter a description")).toBeVisible();
  await axe.check("New transaction dialog", "dialog[open]");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // The API reference: our wrapper and colours over Swagger UI.
  await openPage(page, "/docs/api");
  await expect(page.locator("#api-reference .opblock").first()).toBeVisible();
  await axe.check("/docs/api");
  axe.expectNone();
});

test("the skip link, the dialogs' focus and the theme toggle work from the keyboard", async ({ page }) => {
  await signInAsDemo(page);
  // The skip link is the first thing Tab reaches, and it moves focus to the page's content.
  await page.emulateMedia({ colorScheme: "light" });
  await openPage(page, "/settings/tokens");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // Dialogs take focus when they open, keep it when "Create token" gives way to "Token created", and hand it back.
  const opener = page.getByRole("button", { name: "Create token" });
  await opener.click();
  const form = page.getByRole("dialog", { name: "Create token" });
  await expect(form.getByLabel("Name")).toBeFocused();
  await form.getByLabel("Name").fill(`axe ${Date.now()}`);
  await form.getByLabel("wallets:read", { exact: true }).check();
  await form.getByRole("button", { name: "Create token" }).click();
  const created = page.getByRole("dialog", { name: "Token created" });
  await expect(created.getByLabel("New token")).toBeFocused();
  await created.getByRole("button", { name: "Done" }).click();
  await expect(created).toBeHidden();
  await expect(opener).toBeFocused();

  // The theme toggle overrides the system's choice, and the server remembers it (no flash on reload).
  const html = page.locator("html");
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const [white, dark] = ["rgb(255, 255, 255)", "rgb(13, 17, 23)"];
  await expect(html).not.toHaveAttribute("data-theme", /./);
  expect(await background()).toBe(white);
  // The theme is in the account's panel, behind the header's account button.
  const accountButton = page.getByRole("button", { name: /^Account: / });
  await accountButton.click();
  await page.getByLabel("Theme").selectOption("dark");
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await background()).toBe(dark);
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await accountButton.click();
  await expect(page.getByLabel("Theme")).toHaveValue("dark");
  expect(await background()).toBe(dark);
  await page.getByLabel("Theme").selectOption("system");
  await expect(html).not.toHaveAttribute("data-theme", /./);
  expect(await background()).toBe(white);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background()).toBe(dark);
});
