import { expect, test, type Locator, type Page } from "./test";
import { demoApi, signInAsDemo, type ApiGet } from "./demo-sign-in";

/**
 * The transactions page's power tools with the demo's data: server-side sorting checked against the
 * REST answer, filters kept in the address, bulk categorising with Undo, and the phone's cards.
 */

interface ApiTransaction {
  id: string;
  amount: string;
  description: string;
  counterparty: string | null;
}

async function listed(api: ApiGet, query: string): Promise<ApiTransaction[]> {
  return (await api(`/api/v1/programmatic/transactions?limit=50&${query}`)).data;
}

/** The amounts of the rows on the page, as the server wrote them (the cell's data-amount). */
function pageAmounts(page: Page): Promise<string[]> {
  return page
    .locator("tbody td.tx-amount")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-amount") ?? ""));
}

const rows = (page: Page) => page.locator("tbody tr.tx-row");
const toast = (page: Page) => page.locator(".toast-region");

test("sorting by amount gives the API's order, and search, amount range and sort survive reload and back", async ({
  page,
  request,
}) => {
  const api = await demoApi(request, "e2e transactions", ["transactions:read"]);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsDemo(page);
  await page.goto("/transactions");
  await expect(rows(page).first()).toBeVisible();
  const newest = await pageAmounts(page);

  const amountHead = page.getByRole("button", { name: "Amount", exact: true });
  await amountHead.click();
  await expect(page.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "ascending");
  const ascending = (await listed(api, "sort=amount&order=asc")).map((row) => row.amount);
  await expect.poll(() => pageAmounts(page)).toEqual(ascending);
  expect(ascending.map(Number)).toEqual(ascending.map(Number).sort((a, b) => a - b));
  expect(ascending).not.toEqual(newest);
  expect(Number(ascending[0])).toBeLessThanOrEqual(Math.min(...newest.map(Number)));

  await amountHead.click();
  await expect(page.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "descending");
  await expect
    .poll(() => pageAmounts(page))
    .toEqual((await listed(api, "sort=amount&order=desc")).map((row) => row.amount));

  // Search, a range of 5 to 60 either way, then the order from the menu: all in the address.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("REWE");
  await page.getByLabel("At least").fill("5");
  await page.getByLabel("At most").fill("60");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const descending = await listed(api, "search=REWE&amount_min=5&amount_max=60&sort=amount&order=desc");
  expect(descending.length).toBeGreaterThan(1);
  for (const row of descending) {
    expect(`${row.description} ${row.counterparty}`).toContain("REWE");
    expect(Math.abs(Number(row.amount))).toBeGreaterThanOrEqual(5);
    expect(Math.abs(Number(row.amount))).toBeLessThanOrEqual(60);
  }
  await expect.poll(() => pageAmounts(page)).toEqual(descending.map((row) => row.amount));
  // The form is not rebuilt by its own search: the focus stays on the button used.
  await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();
  await page.getByLabel("Sort", { exact: true }).selectOption({ label: "Amount: low to high (spending first)" });
  await expect(page).toHaveURL(/\/transactions\?q=REWE&min=5&max=60&sort=amount&order=asc$/);
  const filteredAscending = (await listed(api, "search=REWE&amount_min=5&amount_max=60&sort=amount&order=asc")).map(
    (row) => row.amount,
  );

  await page.reload();
  await expect(search).toHaveValue("REWE");
  await expect(page.getByLabel("At least")).toHaveValue("5");
  await expect(page.getByLabel("At most")).toHaveValue("60");
  await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("amount:asc");
  await expect.poll(() => pageAmounts(page)).toEqual(filteredAscending);

  // Back: the list before the menu's change, with the same filters.
  await page.goBack();
  await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("amount:desc");
  await expect(search).toHaveValue("REWE");
  await expect.poll(() => pageAmounts(page)).toEqual(descending.map((row) => row.amount));
});

test("one account's list shows the balance after each row, as the API answers, the newest its current balance", async ({
  page,
  request,
}) => {
  const api = await demoApi(request, "e2e running balance", ["transactions:read"]);
  const accounts: Array<{ id: string; attributes: { name: string; current_balance: string } }> = (
    await api("/api/v1/programmatic/accounts")
  ).data;
  const checking = accounts.find((account) => account.attributes.name === "Everyday Checking")!;
  const ledger: Array<{ date: string; running_balance: string | null }> = (
    await api(`/api/v1/programmatic/transactions?limit=50&account_id=${checking.id}`)
  ).data;
  // The demo books nothing ahead of today: its newest row's balance is the account's.
  expect(ledger[0]!.running_balance).toBe(checking.attributes.current_balance);

  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsDemo(page);
  await page.goto("/transactions");
  await expect(rows(page).first()).toBeVisible();
  // Every account together: no balance column.
  await expect(page.getByRole("columnheader", { name: "Balance" })).toHaveCount(0);
  await page.getByLabel("Account", { exact: true }).selectOption({ label: "Everyday Checking" });
  await expect(page.getByRole("columnheader", { name: "Balance" })).toBeVisible();
  const balances = () =>
    page.locator("tbody td.tx-balance").evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-balance")));
  await expect.poll(balances).toEqual(ledger.map((row) => row.running_balance ?? ""));
});

test("tags typed in the dialog show on the row, and a tag's link lists the transactions carrying it", async ({
  page,
}) => {
  const tag = `e2e-${Math.random().toString(36).slice(2, 7)}`;
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsDemo(page);
  await page.goto("/transactions");
  await page.getByRole("button", { name: "New transaction" }).click();
  const form = page.getByRole("dialog", { name: "New transaction" });
  await form.getByLabel("Account").selectOption({ label: "Everyday Checking" });
  await form.getByLabel("Amount (EUR)").fill("2.40");
  await form.getByLabel("Description").fill(`Tagged coffee ${tag}`);
  await form.getByLabel("Tags").fill(`${tag}, Holiday, ${tag.toUpperCase()}`);
  await form.getByRole("button", { name: "Add transaction" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const row = page.getByRole("row", { name: new RegExp(`Tagged coffee ${tag}`) });
  // The same tag twice (ignoring case) is kept once.
  await expect(row.locator(".tag-chip")).toHaveText([tag, "Holiday"]);
  await row.getByRole("link", { name: `Transactions tagged ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?tag=${tag}$`));
  await expect(page.getByText(`Tagged ${tag}`, { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("button", { name: `Show transactions with any tag or none (remove the tag ${tag})` }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect.poll(async () => rows(page).count()).toBeGreaterThan(1);
});

test("bulk categorising three rows is undone row by row, a row leaving Uncategorised says where it went, and Undo brings deleted rows back", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsDemo(page);
  // A page past the last one (its rows went) is replaced by the last page, which has rows.
  await page.goto("/transactions?type=expense&page=999");
  await expect(rows(page).first()).toBeVisible();
  await expect(page).not.toHaveURL(/page=999/);
  await page.goto("/transactions?type=expense");
  await expect(rows(page).first()).toBeVisible();
  const picked: { id: string; category: string }[] = [];
  for (const index of [0, 1, 2]) {
    const row = rows(page).nth(index);
    picked.push({ id: (await row.getAttribute("data-id"))!, category: await row.getByRole("combobox").inputValue() });
  }
  const rowOf = (id: string) => page.locator(`tbody tr[data-id="${id}"]`);
  // A category none of the three has, so every row really changes.
  const target = await rows(page)
    .first()
    .getByRole("combobox")
    .evaluate(
      (select, taken) => {
        const option = [...(select as HTMLSelectElement).options].find(
          (candidate) => candidate.value !== "" && !taken.includes(candidate.value),
        );
        return { value: option!.value, name: option!.textContent!.trim() };
      },
      picked.map((row) => row.category),
    );

  await rowOf(picked[0]!.id).getByRole("checkbox").check();
  await rowOf(picked[1]!.id).getByRole("checkbox").check();
  await rowOf(picked[2]!.id).getByRole("checkbox").focus();
  await page.keyboard.press("Space");
  const bar = page.getByRole("group", { name: "Chosen transactions" });
  await expect(bar).toContainText("3 selected");
  await bar.getByLabel("Category for the chosen transactions").selectOption(target.value);
  await bar.getByRole("button", { name: "Categorise" }).click();
  await expect(toast(page)).toContainText(`3 transactions categorised as ${target.name}.`);
  for (const row of picked) await expect(rowOf(row.id).getByRole("combobox")).toHaveValue(target.value);
  await expect(bar).toHaveCount(0);

  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expect(toast(page)).toContainText("Undone: 3 transactions back in their own categories.");
  // Undo had the focus (the bar was gone); it goes back to the list's status line, not to <body>.
  await expect(page.locator("#transactions-status")).toBeFocused();
  for (const row of picked) await expect(rowOf(row.id).getByRole("combobox")).toHaveValue(row.category);

  // In the Uncategorised view a categorised row leaves the list; the toast says where it went, Undo brings it back.
  await page.goto("/transactions?category=uncategorised");
  const first = rows(page).first();
  await expect(first).toBeVisible();
  const id = (await first.getAttribute("data-id"))!;
  const description = (await first.locator(".tx-title").innerText()).trim();
  await first.getByRole("combobox").selectOption(target.value);
  await expect(toast(page)).toContainText(
    `“${description}” moved from Uncategorised to ${target.name} (out of this list).`,
  );
  await expect(rowOf(id)).toHaveCount(0);
  // Ctrl+Z reaches Undo from anywhere outside a text field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Control+z");
  await expect(toast(page)).toContainText(`Undone: “${description}” is back in Uncategorised.`);
  await expect(rowOf(id)).toBeVisible();

  // Two rows deleted (asked once) come back with Undo exactly as the REST API showed them before.
  const api = await demoApi(request, "e2e undo delete", ["transactions:read"]);
  await page.goto("/transactions?type=expense");
  await expect(rows(page).first()).toBeVisible();
  const doomed = [
    (await rows(page).nth(0).getAttribute("data-id"))!,
    (await rows(page).nth(1).getAttribute("data-id"))!,
  ];
  const restApi = async () => (await listed(api, "type=expense")).filter((row) => doomed.includes(row.id));
  const before = await restApi();
  expect(before.map((row) => row.id).sort()).toEqual([...doomed].sort());
  for (const doomedId of doomed) await rowOf(doomedId).getByRole("checkbox").check();
  await bar.getByRole("button", { name: "Delete 2" }).click();
  await page
    .getByRole("dialog", { name: "Delete 2 transactions?" })
    .getByRole("button", { name: "Delete 2 transactions" })
    .click();
  await expect(toast(page)).toContainText("2 transactions deleted.");
  for (const doomedId of doomed) await expect(rowOf(doomedId)).toHaveCount(0);
  expect(await restApi()).toEqual([]);

  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expect(toast(page)).toContainText("Undone: 2 transactions are back.");
  for (const doomedId of doomed) await expect(rowOf(doomedId)).toBeVisible();
  expect(await restApi()).toEqual(before);
});

test("arrow keys on a row's closed category list step through it without saving; Enter saves once, Escape takes it back", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsDemo(page);
  const api = await demoApi(request, "e2e category keys", ["transactions:read"]);
  await page.goto("/transactions?type=expense");
  const row = rows(page).first();
  const id = (await row.getAttribute("data-id"))!;
  const select = row.getByRole("combobox");
  const stored = async () => (await api(`/api/v1/programmatic/transactions/${id}`)).data.category_id as string | null;
  const before = await stored();

  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const stepped = await select.inputValue();
  expect(stepped).not.toBe(before ?? "");
  await expect(toast(page)).toBeEmpty();
  expect(await stored()).toBe(before);
  await page.keyboard.press("Escape");
  await expect(select).toHaveValue(before ?? "");

  await page.keyboard.press("ArrowDown");
  const chosen = await select.inputValue();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Undo");
  await expect.poll(stored).toBe(chosen || null);
  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expect.poll(stored).toBe(before);
});

test("on a phone each transaction is a card with its date, category and amount in view, and nothing scrolls sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemo(page);
  await page.goto("/transactions");
  const card = rows(page).first();
  await expect(card).toBeVisible();

  const inView = async (locator: Locator, width: number, height: number) => {
    await expect(locator).toBeVisible();
    const box = (await locator.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  };
  const noSidewaysScroll = async (width: number) =>
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);

  for (const part of [
    card.locator(".tx-date"),
    card.locator(".tx-title"),
    card.locator(".tx-category"),
    card.locator(".tx-amount"),
  ])
    await inView(part, 390, 844);
  await inView(page.getByRole("button", { name: "New transaction" }), 390, 844);
  await noSidewaysScroll(390);

  // Two lines a card: with the list at the top of the screen, eight or more cards are whole on it,
  // and every control of a card is at least 24 px each way (WCAG 2.5.8).
  await card.evaluate((element) => element.scrollIntoView({ block: "start" }));
  const whole = await rows(page).evaluateAll(
    (cards) =>
      cards.filter((item) => {
        const box = item.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(whole).toBeGreaterThanOrEqual(8);
  for (const control of [card.getByRole("checkbox"), card.getByRole("combobox"), card.getByRole("button")]) {
    const box = (await control.first().boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  }
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: "docs/screenshots/transactions-390.png" });
  await page.evaluate(() => window.scrollTo(0, 0));

  // The folded filters open whole; a chosen card brings the bulk bar, whose buttons fit.
  await page.getByRole("button", { name: "Filters" }).click();
  const searchButton = page.getByRole("button", { name: "Search", exact: true });
  await searchButton.scrollIntoViewIfNeeded();
  await inView(searchButton, 390, 844);
  await noSidewaysScroll(390);
  await page.getByRole("button", { name: "Hide filters" }).click();
  await card.getByRole("checkbox").check();
  const bar = page.getByRole("group", { name: "Chosen transactions" });
  await inView(bar.getByRole("button", { name: "Delete 1" }), 390, 844);

  await page.setViewportSize({ width: 360, height: 740 });
  await inView(card.locator(".tx-amount"), 360, 740);
  await inView(bar.getByRole("button", { name: "Clear selection" }), 360, 740);
  await noSidewaysScroll(360);
});
