import { expect, test, type Page } from "./test";
import { createFormatter } from "../components/locale/formatter";
import { demoApi, signInAsDemo } from "./demo-sign-in";

/**
 * The demo user manages recurring rules, goals and budgets in the dashboard; a personal access
 * token then reads the same records through the REST API, so the pages are checked against what
 * the service really stored and computed.
 */

const SCOPES = ["recurring:read", "goals:read", "budgets:read", "transactions:read"];
const suffix = `${Date.now().toString(36)}`;
// The browser's locale is en-GB (playwright.config.ts): the pages write amounts and days as it does.
const format = createFormatter("en-GB");

async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const body = await page.screenshot({ fullPage, path: test.info().outputPath(`${name}.png`) });
  await test.info().attach(name, { body, contentType: "image/png" });
}

test("the demo user pauses and resumes a recurring rule", async ({ page, request }) => {
  const api = await demoApi(request, `e2e planning ${suffix}`, SCOPES);
  await signInAsDemo(page);
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Recurring", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Recurring" })).toBeVisible();

  const rules: Array<{ id: string; name: string; status: string; next_occurrence_date: string | null }> = (
    await api("/api/v1/programmatic/recurring-rules?kind=subscription&limit=200")
  ).data;
  const streamflix = rules.find((rule) => rule.name === "Streamflix")!;
  expect(streamflix).toMatchObject({ status: "active" });
  const row = page.getByRole("row", { name: /Streamflix/ });
  await expect(row.getByText("active", { exact: true })).toBeVisible();
  await expect(row).toContainText(format.day(streamflix.next_occurrence_date));

  await row.getByRole("button", { name: "Pause Streamflix" }).click();
  await expect(row.getByText("paused", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Resume Streamflix" })).toBeVisible();
  await expect(row).not.toContainText(format.day(streamflix.next_occurrence_date));
  const paused = (await api("/api/v1/programmatic/recurring-rules?status=paused&limit=200")).data.find(
    (rule: { id: string }) => rule.id === streamflix.id,
  );
  expect(paused).toMatchObject({ status: "paused", next_occurrence_date: null });
  expect(paused.paused_at).not.toBeNull();

  await row.getByRole("button", { name: "Resume Streamflix" }).click();
  await expect(row.getByText("active", { exact: true })).toBeVisible();
  await expect(row).toContainText(format.day(streamflix.next_occurrence_date));
  const resumed = (await api("/api/v1/programmatic/recurring-rules?status=active&limit=200")).data.find(
    (rule: { id: string }) => rule.id === streamflix.id,
  );
  expect(resumed).toMatchObject({
    status: "active",
    paused_at: null,
    next_occurrence_date: streamflix.next_occurrence_date,
  });
  await screenshot(page, "recurring-page");
});

test("the rule form shows field errors, then a new rule is created and ended after confirming", async ({
  page,
  request,
}) => {
  const api = await demoApi(request, `e2e planning ${suffix}`, SCOPES);
  const name = `E2E gym ${suffix}`;
  await signInAsDemo(page);
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Recurring", exact: true })
    .click();
  await page.getByRole("button", { name: "New rule" }).click();
  const form = page.getByRole("dialog", { name: "New recurring rule" });
  await form.getByLabel("Type").selectOption("transfer");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form.getByText("Enter a name")).toBeVisible();
  await expect(form.getByText("Enter a number such as 12.30")).toBeVisible();
  await expect(form.getByLabel("Account (pays)")).toHaveAccessibleDescription("Choose an account");

  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Amount").fill("29.90");
  await form.getByLabel("Account (pays)").selectOption({ label: "Everyday Checking · EUR" });
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(form.getByText("a transfer needs a destination account")).toBeVisible();
  await screenshot(page, "recurring-rule-dialog", false);

  await form.getByLabel("Type").selectOption("expense");
  await form.getByLabel("Kind").selectOption("subscription");
  await form.getByLabel("Frequency").selectOption("custom");
  await form.getByLabel("Every (days)").fill("28");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("\u2212€29.90");
  await expect(row).toContainText("every 28 days");
  await row.getByRole("button", { name: `End ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "End this rule?" });
  await expect(confirm).toContainText(name);
  await confirm.getByRole("button", { name: "End rule" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row.getByText("ended", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Pause ${name}` })).toHaveCount(0);

  const ended = (await api("/api/v1/programmatic/recurring-rules?status=ended&limit=200")).data.find(
    (rule: { name: string }) => rule.name === name,
  );
  expect(ended).toMatchObject({
    kind: "subscription",
    amount: "29.90",
    frequency: "custom",
    custom_interval_days: 28,
    next_occurrence_date: null,
    version: 2,
  });
  // Ended today in the workspace's timezone, or on its start date if that is later (the form defaults to the browser's today).
  const berlinToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  expect(ended.end_date).toBe(ended.start_date > berlinToday ? ended.start_date : berlinToday);
});

test("the demo user creates a goal and sees its progress, pace and ETA", async ({ page, request }) => {
  const api = await demoApi(request, `e2e planning ${suffix}`, SCOPES);
  const name = `E2E bike ${suffix}`;
  await signInAsDemo(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Goals", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Goals" })).toBeVisible();

  await page.getByRole("button", { name: "New goal" }).click();
  const form = page.getByRole("dialog", { name: "New goal" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Target amount").fill("0");
  await form.getByRole("button", { name: "Create goal" }).click();
  await expect(form.getByText("must be more than 0")).toBeVisible();

  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("Target amount").fill("1200");
  await form.getByLabel("Saved so far").fill("300");
  await form.getByLabel("Monthly contribution (optional)").fill("100");
  await form.getByLabel("Target date (optional)").fill(inAYear);
  await form.getByRole("button", { name: "Create goal" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const goal = (await api("/api/v1/programmatic/goals?status=all&limit=200")).data.find(
    (item: { attributes: { name: string } }) => item.attributes.name === name,
  );
  expect(goal.attributes).toMatchObject({
    target_amount: "1200.00",
    current_saved: "300.00",
    monthly_pace: "100.00",
    status: "active",
    pace: "ahead",
  });
  expect(goal.attributes.pace_detail.progress_percentage).toBe("25.00");
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("€300.00");
  await expect(card).toContainText("of €1,200.00");
  await expect(card).toContainText("25.00% saved");
  await expect(card.getByText("ahead", { exact: true })).toBeVisible();
  await expect(card).toContainText(format.month(goal.attributes.eta_month));
  await expect(card.getByRole("meter", { name: `${name} progress` })).toHaveAttribute("aria-valuetext", "25.00%");
  await screenshot(page, "goals-page");

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Saved so far")).toHaveValue("300.00");
  await edit.getByLabel("Saved so far").fill("600");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card).toContainText("50.00% saved");
  const edited = (await api("/api/v1/programmatic/goals?status=all&limit=200")).data.find(
    (item: { id: string }) => item.id === goal.id,
  );
  expect(edited.attributes).toMatchObject({ current_saved: "600.00", version: 2, name_customized: false });
});

test("the demo user creates a Groceries budget, sees its period and reads it through the API", async ({
  page,
  request,
}) => {
  const api = await demoApi(request, `e2e planning ${suffix}`, SCOPES);
  const name = `E2E food ${suffix}`;
  await signInAsDemo(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Budgets", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Budgets" })).toBeVisible();

  await page.getByRole("button", { name: "New budget" }).click();
  const form = page.getByRole("dialog", { name: "New budget" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Amount per period").fill("350");
  await form.getByRole("button", { name: "Create budget" }).click();
  await expect(form.getByText("choose at least one category")).toBeVisible();
  await form.getByLabel("Groceries", { exact: true }).check();
  await form.getByRole("button", { name: "Create budget" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const card = page.getByRole("article", { name });
  await expect(card).toContainText("spent of €350.00");
  await expect(card).toContainText("Groceries");

  const categories = (await api("/api/v1/programmatic/categories?limit=200")).data;
  const groceries = categories.find(
    (category: { attributes: { name: string } }) => category.attributes.name === "Groceries",
  );
  const listed = (await api("/api/v1/programmatic/budgets?limit=200")).data.find(
    (item: { attributes: { name: string } }) => item.attributes.name === name,
  );
  const { data: budget } = await api(`/api/v1/programmatic/budgets/${listed.id}`);
  expect(budget.attributes).toMatchObject({
    name,
    amount: "350.00",
    base_amount: "350.00",
    active: true,
    category_ids: [groceries.id],
  });

  const period = budget.attributes.current_period;
  await expect(card).toContainText(`${format.day(period.period_start)} – ${format.day(period.period_end)}`);
  await expect(card).toContainText(`${format.money(period.spent, "EUR")} spent of €350.00`);
  await expect(card).toContainText(`${period.spent_percentage}% spent`);
  await screenshot(page, "budgets-page");

  await card.getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(card.getByText("inactive", { exact: true })).toBeVisible();
  expect((await api(`/api/v1/programmatic/budgets/${listed.id}`)).data.attributes).toMatchObject({
    active: false,
    version: 2,
  });
});

test("a rule suggested by the Reports page opens prefilled, and saving it stores the suggestion", async ({
  page,
  request,
}) => {
  const api = await demoApi(request, `e2e planning ${suffix}`, SCOPES);
  const name = `Suggested Yoga ${suffix}`;
  await signInAsDemo(page);
  // The link the detected-recurring card builds for a weekly expense (components/reports/recurring-detection-card.tsx).
  const query = new URLSearchParams({
    new: "1",
    name,
    type: "expense",
    kind: "subscription",
    amount: "12.00",
    frequency: "weekly",
    pattern: "yoga loft",
  });
  await page.goto(`/recurring?${query.toString()}`);
  const form = page.getByRole("dialog", { name: "New recurring rule" });
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("Type")).toHaveValue("expense");
  await expect(form.getByLabel("Kind")).toHaveValue("subscription");
  await expect(form.getByLabel("Amount")).toHaveValue("12.00");
  await expect(form.getByLabel("Frequency")).toHaveValue("weekly");
  await form.getByLabel("Account (pays)").selectOption({ label: "Everyday Checking · EUR" });
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The suggestion is used once: the address loses it, and "New rule" starts empty.
  await expect(page).toHaveURL(/\/recurring$/);
  await page.getByRole("button", { name: "New rule" }).click();
  await expect(page.getByRole("dialog", { name: "New recurring rule" }).getByLabel("Name")).toHaveValue("");
  await page.keyboard.press("Escape");

  // Recurring rules are flat objects (no attributes envelope).
  const rules = (await api("/api/v1/programmatic/recurring-rules?kind=subscription&limit=200")).data;
  const stored = rules.find((rule: { name: string }) => rule.name === name);
  expect(stored).toMatchObject({ type: "expense", kind: "subscription", frequency: "weekly" });
  expect(stored.amount).toMatch(/^-?12\.00$/);
});
