import { expect, test, type APIRequestContext, type Page } from "./test";
import { DEMO, demoApi } from "./demo-sign-in";
import { axeOnWords, catalogue, collectViolations, openPage, PAGES } from "./page-walk";

/**
 * The dashboard in German, end to end: a German browser reads every page (and the sign-in page) in
 * German. On each page: `<html lang="de-DE">`, no message missing (next-intl says so on the console,
 * and would show the key), no English message of the catalogue left on the page, no English
 * sentence written outside the catalogue, and axe finds nothing serious in what words can break (names,
 * labels, titles, the language; structure and colours are the English walk's, e2e/accessibility.spec.ts).
 */

test.use({ locale: "de-DE", timezoneId: "Europe/Berlin", viewport: { width: 1280, height: 900 } });
test.describe.configure({ mode: "parallel", timeout: 240_000 });

const english = catalogue("en");
const german = catalogue("de");

// Plain English messages whose German differs: seen on a German page, they come from code that was never translated.
const ENGLISH_MESSAGES = new Set(
  [...english]
    .filter(([key, text]) => !/[{<]/.test(text) && text !== german.get(key) && /[a-z]{3}/i.test(text))
    .map(([, text]) => text.trim()),
);
// Words German never uses: interface text written in English outside the catalogue reads as one of these.
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|this|these|from|there|been|have|into|than|which|when|what|yet|of|for|are|not|or)\b/i;
// next-intl's fallback for a missing message: its key ("transactions.table.date").
const MESSAGE_KEY = new RegExp(
  `^(${[...new Set([...english.keys()].map((key) => key.split(".")[0]))].join("|")})\\.[\\w.]+$`,
);

/** The workspace's own words (names, descriptions, counterparties, notes): data, which no language setting translates. */
async function workspaceWords(request: APIRequestContext): Promise<Set<string>> {
  const api = await demoApi(request, "e2e German", [
    "transactions:read",
    "wallets:read",
    "budgets:read",
    "goals:read",
    "recurring:read",
    "rules:read",
  ]);
  const paths = [
    "transactions?limit=200",
    "categories?limit=200",
    "accounts?limit=200",
    "wallets?limit=100",
    "budgets?limit=100",
    "goals?limit=100",
    "recurring-rules?limit=100",
    "categorisation-rules?limit=100",
    "transaction-templates?limit=100",
  ];
  const words = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === "string") words.add(value.trim());
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  for (const path of paths) collect((await api(`/api/v1/programmatic/${path}`)).data);
  return words;
}

/** Visible text and accessible names on the page, except data (table cells, code, `translate="no"`). */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (box.width > 0 && box.height > 0) || element.closest(".visually-hidden, .sr-only") !== null;
    };
    const data = (element: Element) =>
      element.closest('td, code, pre, [translate="no"], .recharts-cartesian-axis-tick') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest("script, style, noscript, [hidden]") || data(parent) || !shown(parent))
        continue;
      out.push(text);
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      if (data(element) || element.closest("[hidden]")) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** The workspace's own words, read once per worker (data that happens to read as English is not the interface's). */
let DATA = new Set<string>();

/** What on the page is still English, or a message key in place of a missing message. */
async function untranslated(page: Page, label: string): Promise<string[]> {
  const texts = await visibleTexts(page);
  return [
    ...new Set(
      texts
        .filter((text) => !DATA.has(text))
        .filter((text) => ENGLISH_MESSAGES.has(text) || ENGLISH_WORDS.test(text) || MESSAGE_KEY.test(text))
        .map((text) => `${label}: ${JSON.stringify(text)}`),
    ),
  ];
}

/** Console errors and failed scripts of the page (a missing message is logged as one). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  page.on("pageerror", (error) => void errors.push(error.message));
  return errors;
}

/** Signs in as the demo user through the German sign-in page, checking that page on the way. */
async function signInInGerman(page: Page, left: string[], axe: ReturnType<typeof axeOnWords>): Promise<void> {
  await openPage(page, "/sign-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmelden");
  left.push(...(await untranslated(page, "/sign-in")));
  await axe.check("/sign-in");
  await page.locator('input[type="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The dialog of the page's main action (the heading's primary button), in German too; closed again unsent. */
async function checkMainDialog(page: Page, path: string, left: string[]): Promise<void> {
  const opener = page.locator("main .page-heading button.button-primary");
  if ((await opener.count()) !== 1) return;
  await opener.click();
  const dialog = page.locator("dialog[open]");
  await expect(dialog, `${path}: the main action opens a dialog`).toBeVisible();
  await expect(page.getByText(/^loading|(wird|werden) geladen/i)).toHaveCount(0);
  left.push(...(await untranslated(page, `${path} dialog`)));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

/** Opens each page in German and collects what is wrong with it and with its main dialog. */
async function walk(page: Page, paths: readonly string[], left: string[], axe: ReturnType<typeof axeOnWords>) {
  for (const path of paths) {
    await openPage(page, path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "de-DE");
    left.push(...(await untranslated(page, path)));
    await axe.check(path);
    await checkMainDialog(page, path, left);
  }
}

const HALF = Math.ceil(PAGES.length / 2);

for (const [index, paths] of [PAGES.slice(0, HALF), PAGES.slice(HALF)].entries()) {
  test(`German, part ${index + 1}: every page in German, nothing left in English, axe clean`, async ({
    page,
    request,
  }) => {
    DATA = await workspaceWords(request);
    const errors = errorsOf(page);
    const refused = await collectViolations(page);
    const axe = axeOnWords(page);
    const left: string[] = [];
    await signInInGerman(page, left, axe);
    const extra: string[] = [];
    if (index === 1) {
      // A wallet's own page too.
      await openPage(page, "/wallets");
      const walletPath = await page.locator('main a[href^="/wallets/"]').first().getAttribute("href");
      expect(walletPath).toMatch(/^\/wallets\/[0-9a-f-]{36}$/);
      extra.push(walletPath!);
    }
    await walk(page, [...paths, ...extra], left, axe);
    // `UPDATE_SCREENSHOTS=1` also writes docs/dashboard.md's German screenshots.
    if (process.env.UPDATE_SCREENSHOTS) {
      const shot = index === 0 ? "/" : "/reports";
      await openPage(page, shot);
      await page.emulateMedia({ colorScheme: "light" });
      await page.screenshot({
        path: `docs/screenshots/${index === 0 ? "home" : "reports"}-de-1280.png`,
        fullPage: true,
      });
    }
    if (index === 0) {
      // A form's field errors, from the server's English phrases, read in German.
      await openPage(page, "/transactions");
      await page.locator("main .page-heading button.button-primary").click();
      const dialog = page.locator("dialog[open]");
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.locator(".field-error").first()).toBeVisible();
      await expect(dialog.getByText("Bitte ausfüllen.").first()).toBeVisible();
      left.push(...(await untranslated(page, "/transactions dialog with errors")));
      await axe.check("New transaction dialog", "dialog[open]");
    }
    expect(left, `English or missing messages on German pages:\n${left.join("\n")}`).toEqual([]);
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    axe.expectNone();
  });
}
