import { expect, test, type Locator, type Page } from "./test";

/** The demo user reads the six reports and the month's insights, then widens the window. */

const DEMO = { email: "demo@example.com", password: "demo-password-1234" };
const CHART_CARDS = ["report-income-stability", "report-category-drift", "report-cash-flow-summary"];
const ALL_CARDS = [
  "report-category-heatmap",
  ...CHART_CARDS,
  "report-uncategorized-clusters",
  "report-recurring-detection",
];

async function signInAsDemo(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail address").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function attach(name: string, target: Locator | Page): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  const body = "goto" in target ? await target.screenshot({ fullPage: true, path }) : await target.screenshot({ path });
  await test.info().attach(name, { body, contentType: "image/png" });
}

test("the demo user reads every report, switches to the full range and sees the insights", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemo(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports", exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  for (const id of ALL_CARDS) await expect(page.getByTestId(id).getByRole("heading", { level: 2 })).toBeVisible();
  for (const id of CHART_CARDS) await expect(page.getByTestId(id).locator(".recharts-surface").first()).toBeVisible();
  // 24 months of demo history: every chart has drawn its series.
  await expect(page.getByTestId("report-cash-flow-summary").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("report-income-stability").locator(".recharts-line-curve").first()).toBeVisible();
  await expect(page.getByTestId("report-category-drift").locator(".recharts-area-area").first()).toBeVisible();

  // The drift tooltip lists the categories as the areas lie, top of the stack first (the legend's order
  // reversed), and stays above the legend.
  const drift = page.getByTestId("report-category-drift");
  const legend = (await drift.locator(".recharts-legend-item-text").allInnerTexts()).map((text) => text.trim());
  await drift.locator(".recharts-area-area").first().hover();
  const driftTooltip = drift.locator(".recharts-default-tooltip");
  await expect(driftTooltip).toBeVisible();
  const names = (await driftTooltip.locator(".recharts-tooltip-item-name").allInnerTexts()).map((text) => text.trim());
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual([...legend].reverse().filter((name) => names.includes(name)));
  const tooltipBox = (await driftTooltip.boundingBox())!;
  const legendBox = (await drift.locator(".recharts-legend-wrapper").boundingBox())!;
  expect(tooltipBox.y + tooltipBox.height).toBeLessThanOrEqual(legendBox.y);

  const heatmap = page.getByTestId("report-category-heatmap");
  await expect(heatmap.getByRole("columnheader")).toHaveCount(7); // Category + 6 months
  await expect(heatmap.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByTestId("report-uncategorized-clusters").locator("tbody tr").first()).toBeVisible();
  const recurring = page.getByTestId("report-recurring-detection");
  await expect(
    recurring
      .getByRole("link", { name: "Create rule" })
      .first()
      .or(recurring.getByText("No untracked recurring payments found")),
  ).toBeVisible();
  const createRule = recurring.getByRole("link", { name: /^Create rule for / }).first();
  if (await createRule.count())
    await expect(createRule).toHaveAttribute("href", /^\/recurring\?new=1&name=.+&frequency=/);

  const cashFlow = page.getByTestId("report-cash-flow-summary");
  await expect(cashFlow.getByText(/^Income, /)).toBeVisible();
  await expect(cashFlow.getByText("Savings rate", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Insights for / })).toBeVisible();
  await expect(page.getByTestId("insights-panel").getByText(/^Loading/)).toHaveCount(0);
  // The current month is still running: shown as month to date, drawn apart, and no income drop judged on it.
  const income = page.getByTestId("report-income-stability");
  await expect(cashFlow.getByTestId("cash-flow-month-to-date")).toContainText(
    /^Month to date, up to .+ is not over yet \(the lighter bars\)\. Up to day \d+: income .+, expenses .+; by the same day of the 3 months before, on average income /,
  );
  await expect(income.getByTestId("income-month-to-date")).toContainText(
    "left out of the mean, trend and forecast, which use the 5 months that have ended",
  );
  await expect(cashFlow.locator('.recharts-bar-rectangle path[fill-opacity="0.45"]')).toHaveCount(2); // its income and expenses bars
  await expect(income.locator("circle[data-partial]")).toHaveCount(1);
  await expect(page.getByTestId("insights-panel").getByText("income drop", { exact: true })).toHaveCount(0);

  const windowNote = cashFlow.getByTestId("report-window");
  await expect(windowNote).toContainText("6 months from");
  await expect(windowNote).toContainText("recent range");
  const before = await windowNote.textContent();

  await page.getByLabel("Range").selectOption("full");
  await expect(windowNote).toContainText("full range");
  await expect(windowNote).not.toHaveText(before ?? "");
  // The free plan shows 12 of the demo's 24 months and says so.
  await expect(windowNote).toContainText("12 months from");
  await expect(windowNote).toContainText(
    "Older months are cut off: the workspace's free plan shows 12 months of history",
  );
  await expect(heatmap.getByRole("columnheader")).toHaveCount(13);

  for (const id of ALL_CARDS) await attach(id, page.getByTestId(id));
  await attach("insights-panel", page.getByTestId("insights-panel"));
  await attach("reports-page", page);

  // An insight about transactions links to them: the transactions page, filtered as the insight was found.
  const insightLink = page.getByTestId("insights-panel").getByRole("link", { name: "Show the transactions" }).first();
  if (await insightLink.count()) {
    await expect(insightLink).toHaveAttribute(
      "href",
      /^\/transactions\?(category|type)=[\w-]+&from=\d{4}-\d{2}-\d{2}&to=/,
    );
    await insightLink.click();
    await expect(page).toHaveURL(/\/transactions\?/);
    await expect(
      page
        .getByRole("table", { name: /^Transactions/ })
        .getByRole("row")
        .nth(1),
    ).toBeVisible();
  }
});
