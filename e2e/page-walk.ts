import AxeBuilder from "@axe-core/playwright";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { API_REFERENCE_DRAWN_MS, expect, type Page } from "./test";

/** Every signed-in page (app/page.tsx and app/(dashboard)/*): add a page here when it is added there. */
export const PAGES = [
  "/",
  "/wallets",
  "/categories",
  "/rules",
  "/transactions",
  "/recurring",
  "/goals",
  "/budgets",
  "/reports",
  "/imports",
  "/templates",
  "/settings",
  "/settings/tokens",
  "/settings/webhooks",
  "/settings/security",
  "/settings/members",
] as const;

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SCHEMES = ["light", "dark"] as const;

// Only colours differ between the schemes: in dark mode axe's colour rules (WCAG 1.4.3, 1.4.1) are enough, and quicker.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * What a translation can change: the page's language and the words that name, label and title
 * things (WCAG rules whose outcome depends on text). Structure and colours are the same markup and
 * CSS in every language, checked by the English walk in both schemes (e2e/accessibility.spec.ts).
 */
const WORD_RULES = [
  "html-has-lang",
  "html-lang-valid",
  "html-xml-lang-mismatch",
  "valid-lang",
  "document-title",
  "button-name",
  "link-name",
  "label",
  "input-button-name",
  "input-image-alt",
  "aria-input-field-name",
  "aria-toggle-field-name",
  "aria-command-name",
  "aria-meter-name",
  "aria-progressbar-name",
  "aria-tooltip-name",
  "select-name",
  "summary-name",
  "image-alt",
  "svg-img-alt",
  "role-img-alt",
  "frame-title",
];

// Swagger UI's own markup on /docs/api, which our CSS cannot change (docs/api.md "Accessibility of the API reference").
const SWAGGER_UI_RULES = ["nested-interactive", "select-name"];

/** The serious and critical violations on the page (or in `scope`), one readable paragraph each. */
async function violations(
  page: Page,
  label: string,
  rules: "all" | readonly string[],
  scope?: string,
): Promise<string[]> {
  const axe =
    rules === "all" ? new AxeBuilder({ page }).withTags(TAGS) : new AxeBuilder({ page }).withRules([...rules]);
  if (scope) axe.include(scope);
  if (label.startsWith("/docs/api")) axe.disableRules(SWAGGER_UI_RULES);
  const { violations: found } = await axe.analyze();
  return found
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 6)
        .map((node) => `    ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n\s*/g, " ")}`);
      const more = violation.nodes.length > 6 ? [`    … and ${violation.nodes.length - 6} more`] : [];
      return [
        `${label}: ${violation.id} (${violation.impact}, ${violation.nodes.length}x) ${violation.help}`,
        ...nodes,
        ...more,
      ].join("\n");
    });
}

/** A page is ready when its heading is shown and its data has arrived (no "Loading…" left, in either language). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The API reference's heading is Swagger UI's, drawn once it has fetched and read the whole document: seconds on a busy machine.
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: API_REFERENCE_DRAWN_MS });
  await expect(page.getByText(/^loading|(wird|werden) geladen/i)).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/** Checks what the page shows in both schemes (switching the scheme needs no reload); `found` collects the violations. */
export function axeInBothSchemes(page: Page) {
  return axeWalk(page, async (label, scope) => {
    const found: string[] = [];
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      found.push(...(await violations(page, `${label} (${scheme})`, scheme === "dark" ? COLOUR_RULES : "all", scope)));
    }
    return found;
  });
}

/** Checks what a translation can break (WORD_RULES) in the page's current scheme; `found` collects the violations. */
export function axeOnWords(page: Page) {
  return axeWalk(page, (label, scope) => violations(page, label, WORD_RULES, scope));
}

function axeWalk(page: Page, analyse: (label: string, scope?: string) => Promise<string[]>) {
  const found: string[] = [];
  const check = async (label: string, scope?: string) => {
    found.push(...(await analyse(label, scope)));
  };
  /** Opens each path in turn and checks it. */
  const checkPages = async (paths: string[]) => {
    for (const path of paths) {
      await openPage(page, path);
      await check(path);
    }
  };
  const expectNone = () =>
    expect(found, `axe found serious or critical violations:\n\n${found.join("\n\n")}`).toEqual([]);
  return { check, checkPages, expectNone };
}

/** Every CSP violation the page reports (the event, and Chromium's "Refused to ..." console messages). */
export async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation;
      void report(
        `${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

/** "a.b" -> message, for every message of messages/<language>/*.json. */
export function catalogue(language: string): Map<string, string> {
  const directory = fileURLToPath(new URL(`../messages/${language}/`, import.meta.url));
  const out = new Map<string, string>();
  const walk = (tree: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") out.set(`${prefix}.${key}`, value);
      else walk(value as Record<string, unknown>, `${prefix}.${key}`);
    }
  };
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".json"))) {
    walk(JSON.parse(readFileSync(join(directory, file), "utf8")), file.replace(/\.json$/, ""));
  }
  return out;
}
