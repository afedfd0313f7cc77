import { expect, test, type Locator, type Page } from "./test";
import { signInAsDemo } from "./demo-sign-in";

/**
 * The dashboard on a phone (390x844, then 360 wide): every amount, button and chart of the home,
 * transactions, wallets and reports pages lies inside the screen, and no page scrolls sideways. The
 * demo data fills every page.
 */

/** "1,234.56 EUR", "−€12.30", "1.234,56 €": a number next to a currency code or sign. */
const AMOUNT = /\d[\d.,\u00a0\u202f ]*\s?(?:[A-Z]{3}\b|[€$£¥])|[€$£¥]\s?[−-]?\d/.source;

interface Layout {
  width: number;
  scrollWidth: number;
  amounts: number;
  controls: number;
  charts: number;
  /** The amounts and controls that stick out of the screen on the left or right. */
  outside: string[];
}

/** Where the amounts (the smallest elements showing one), buttons, fields and charts inside `root` lie. */
async function layout(page: Page, root: Locator = page.locator("body")): Promise<Layout> {
  return root.evaluate((element, amountSource) => {
    const amount = new RegExp(amountSource);
    const width = window.innerWidth;
    // Drawn and not inside a box clipped to a pixel (the visually hidden header of a table shown as cards).
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || !el.checkVisibility({ visibilityProperty: true })) return false;
      for (let box = el.parentElement; box; box = box.parentElement) {
        const outer = box.getBoundingClientRect();
        if ((outer.width <= 1 || outer.height <= 1) && getComputedStyle(box).overflow !== "visible") return false;
      }
      return true;
    };
    const amounts = [...element.querySelectorAll("*")].filter(
      (el) =>
        !el.closest("svg") &&
        amount.test(el.textContent ?? "") &&
        ![...el.children].some((child) => amount.test(child.textContent ?? "")) &&
        shown(el),
    );
    const controls = [
      ...element.querySelectorAll("button, a.button, input:not([type=hidden]), select, textarea"),
    ].filter(shown);
    const charts = [...element.querySelectorAll("svg.recharts-surface")].filter(shown);
    const outside = [...amounts, ...controls, ...charts].flatMap((el) => {
      const rect = el.getBoundingClientRect();
      if (rect.left >= -0.5 && rect.right <= width + 0.5) return [];
      const text = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "")
        .trim()
        .slice(0, 40);
      return [`${el.tagName.toLowerCase()} "${text}" at ${Math.round(rect.left)}..${Math.round(rect.right)}`];
    });
    return {
      width,
      scrollWidth: document.scrollingElement!.scrollWidth,
      amounts: amounts.length,
      controls: controls.length,
      charts: charts.length,
      outside,
    };
  }, AMOUNT);
}

/** The page fits the screen; it shows at least `amounts` amounts and `charts` charts, all inside it. */
async function expectFits(
  page: Page,
  what: string,
  { amounts = 1, charts = 0 }: { amounts?: number; charts?: number } = {},
): Promise<Layout> {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  const found = await layout(page);
  expect(found.outside, `${what}: nothing sticks out of the ${found.width} px screen`).toEqual([]);
  expect(found.scrollWidth, `${what}: no sideways scrolling`).toBeLessThanOrEqual(found.width);
  expect(found.amounts, `${what}: amounts shown`).toBeGreaterThanOrEqual(amounts);
  expect(found.charts, `${what}: charts drawn`).toBeGreaterThanOrEqual(charts);
  return found;
}

/** Inside the screen, left and right. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  expect(box.x, `${await locator.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${await locator.textContent()} ends on screen`).toBeLessThanOrEqual(width);
}

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone home, transactions, wallets and reports show every amount, button and chart inside the screen", async ({
  page,
}) => {
  await signInAsDemo(page);

  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });

    await test.step(`home at ${width} px`, async () => {
      await page.goto("/");
      await expect(page.getByTestId("net-worth-amount")).toBeVisible();
      await expect(page.getByTestId("home-transactions").getByRole("listitem").first()).toBeVisible();
      // Net worth, its split, each wallet's balance and the recent transactions' amounts.
      await expectFits(page, `/ at ${width}`, { amounts: 12 });
      await expectOnScreen(page.getByTestId("net-worth-amount"));
      await expectOnScreen(page.getByRole("button", { name: "Menu" }));
    });

    await test.step(`transactions at ${width} px`, async () => {
      await page.goto("/transactions");
      const rows = page.getByRole("table", { name: /^Transactions, / }).locator("tbody tr");
      await expect(rows.first()).toBeVisible();
      // Each row's amount, category and buttons in view; the page's main buttons too.
      const found = await expectFits(page, `/transactions at ${width}`, { amounts: await rows.count() });
      expect(found.controls).toBeGreaterThanOrEqual(3 * (await rows.count()));
      await expectOnScreen(page.getByRole("button", { name: "New transaction" }));
      await expectOnScreen(rows.first().getByRole("combobox"));
    });

    await test.step(`wallets at ${width} px`, async () => {
      await page.goto("/wallets");
      const cards = page.getByRole("table", { name: "Your wallets and their balances today" }).locator("tbody tr");
      await expect(cards.first()).toBeVisible();
      const wallets = await cards.count();
      // Each wallet's card: its total and every account balance are in view, as are its buttons.
      const found = await expectFits(page, `/wallets at ${width}`, { amounts: 2 * wallets });
      expect(found.controls).toBeGreaterThanOrEqual(2 * wallets + 2);
      await expectOnScreen(page.getByRole("button", { name: "New wallet" }));
      await expectOnScreen(cards.first().locator("td.card-figure"));
      await expectOnScreen(cards.first().getByRole("button", { name: /^Archive / }));
    });

    await test.step(`a wallet and its dialog at ${width} px`, async () => {
      await page
        .getByRole("table", { name: "Your wallets and their balances today" })
        .getByRole("link")
        .first()
        .click();
      await expect(page).toHaveURL(/\/wallets\/[0-9a-f-]{36}$/);
      await expect(
        page
          .getByRole("table", { name: /^Accounts of / })
          .locator("tbody tr")
          .first(),
      ).toBeVisible();
      await expectFits(page, `wallet at ${width}`, { amounts: 2 });
      await page.getByRole("button", { name: "Add account" }).click();
      const dialog = page.getByRole("dialog", { name: "Add account" });
      await expectOnScreen(dialog);
      await expectOnScreen(dialog.getByRole("button", { name: "Cancel" }));
      expect((await layout(page, dialog)).outside).toEqual([]);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step(`reports at ${width} px`, async () => {
      await page.goto("/reports");
      const cashFlow = page.getByTestId("report-cash-flow-summary");
      await expect(cashFlow.locator(".recharts-bar-rectangle").first()).toBeVisible();
      // The month's totals, three charts that fit their cards, the insights and the heatmap's box.
      await expectFits(page, `/reports at ${width}`, { amounts: 8, charts: 3 });
      for (const total of await cashFlow.locator(".report-totals dd").all()) await expectOnScreen(total);
      await expectOnScreen(page.getByTestId("insights-panel"));
      await expectOnScreen(page.getByTestId("report-category-heatmap").locator(".table-scroll"));

      // Touching a month reads its figures below the chart, not over it.
      const chart = cashFlow.locator(".recharts-wrapper > svg.recharts-surface");
      await chart.scrollIntoViewIfNeeded();
      const chartBox = (await chart.boundingBox())!;
      await page.mouse.click(chartBox.x + chartBox.width / 2, chartBox.y + chartBox.height / 3);
      const tooltip = cashFlow.locator(".recharts-tooltip-wrapper");
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toContainText("Income");
      await expect(cashFlow.getByTestId("chart-readout")).toContainText("Income");
      const tooltipBox = (await tooltip.boundingBox())!;
      expect(tooltipBox.y, "the tooltip starts below the chart").toBeGreaterThanOrEqual(chartBox.y + chartBox.height);
      await expectOnScreen(tooltip);
    });
  }
});
