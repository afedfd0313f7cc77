import { expect, test, type APIRequestContext, type Page } from "./test";

/**
 * Managing money in the dashboard: a wallet with two currency accounts and opening balances, an
 * expense, inline categorising and a transfer between currencies; the REST API (with a token made
 * from a script session) must then report the balances the pages promised.
 */

const PASSWORD = "manage-password-1234";

function uniqueEmail(): string {
  return `e2e-wallets-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function navLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name, exact: true });
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A wallets:read token made the way a script would: session over JSON, then the credentials endpoint. */
async function walletsToken(request: APIRequestContext, email: string): Promise<string> {
  const session = await request.post("/api/v1/auth/sessions", { data: { email, password: PASSWORD } });
  expect(session.status()).toBe(201);
  const sessionToken: string = (await session.json()).data.attributes.session_token;
  const created = await request.post("/api/v1/programmatic-access/credentials", {
    headers: { Authorization: `Bearer ${sessionToken}` },
    data: { name: "e2e balances", audience: "programmatic_api", scopes: ["wallets:read"] },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data.attributes.token;
}

async function apiBalances(
  request: APIRequestContext,
  token: string,
  walletId: string,
): Promise<Record<string, string>> {
  const response = await request.get(`/api/v1/programmatic/wallets/${walletId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const accounts: Array<{ currency: { code: string }; current_balance: string }> = (await response.json()).data
    .attributes.accounts;
  return Object.fromEntries(accounts.map((account) => [account.currency.code, account.current_balance]));
}

test("a two-currency wallet, an expense and a transfer show the same balances in the API", async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await navLink(page, "Wallets").click();
  await expect(page.getByRole("heading", { name: "Wallets", exact: true })).toBeVisible();
  await expect(page.getByText("No wallets yet")).toBeVisible();

  await page.getByRole("button", { name: "New wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "New wallet" });
  await dialog.getByLabel("Name").fill("Travel");
  await dialog.getByRole("radio", { name: "Piggy bank" }).check();
  const first = dialog.getByRole("group", { name: "Account 1" });
  await expect(first.getByLabel("Currency")).toHaveValue("EUR");
  await first.getByLabel("Opening balance").fill("100.00");
  await dialog.getByRole("button", { name: "Add currency" }).click();
  const second = dialog.getByRole("group", { name: "Account 2" });

  // The browser checks with the server's schema: a second EUR account is refused next to its row.
  await second.getByLabel("Currency").selectOption("EUR");
  await dialog.getByRole("button", { name: "Create wallet" }).click();
  await expect(second.getByText("EUR is already one of this wallet's accounts")).toBeVisible();
  // What only the server knows comes back next to the field too: yen have no decimals.
  await second.getByLabel("Currency").selectOption("JPY");
  await second.getByLabel("Opening balance").fill("50.5");
  await dialog.getByRole("button", { name: "Create wallet" }).click();
  await expect(second.getByText("JPY amounts have no decimal places")).toBeVisible();

  await second.getByLabel("Currency").selectOption("USD");
  await second.getByLabel("Opening balance").fill("50.00");
  await dialog.getByRole("button", { name: "Create wallet" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const walletRow = page.getByRole("row", { name: /Travel/ });
  await expect(walletRow).toContainText("€100.00");
  await expect(walletRow).toContainText("US$50.00");
  // The chosen picture stands beside the name (the API gives its name, below).
  await expect(walletRow.locator("svg.entity-icon")).toHaveCount(1);

  await walletRow.getByRole("link", { name: "Travel" }).click();
  await expect(page).toHaveURL(/\/wallets\/[0-9a-f-]{36}$/);
  const walletId = page.url().split("/").pop()!;
  await expect(page.getByRole("row", { name: /^USD/ })).toContainText("US$50.00");

  // An expense of 12.30 on the EUR account, then filed under Groceries from the list.
  await navLink(page, "Transactions").click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole("heading", { name: "Transactions", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "New transaction" }).click();
  const form = page.getByRole("dialog", { name: "New transaction" });
  await form.getByLabel("Account").selectOption({ label: "Travel (EUR)" });
  await form.getByLabel("Amount (EUR)").fill("12.30");
  await form.getByLabel("Description").fill("Corner shop");
  await form.getByRole("button", { name: "Add transaction" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const expenseRow = page.getByRole("row", { name: /Corner shop/ });
  await expect(expenseRow).toContainText("−€12.30");
  const categorised = page.waitForResponse(
    (response) => response.url().includes("transactions.setCategory") && response.ok(),
  );
  await expenseRow.getByRole("combobox", { name: /Category of Corner shop/ }).selectOption({ label: "Groceries" });
  await categorised;
  await page.reload();
  await expect(page.getByRole("row", { name: /Corner shop/ }).getByRole("combobox")).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Groceries" });
  await expect(page.getByRole("row", { name: /Corner shop/ })).toBeVisible();
  await page.getByRole("button", { name: "Clear" }).click();

  const token = await walletsToken(request, email);
  expect(await apiBalances(request, token, walletId)).toEqual({ EUR: "87.70", USD: "50.00" });
  const stored = await request.get(`/api/v1/programmatic/wallets/${walletId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await stored.json()).data.attributes.icon).toBe("piggy-bank");

  // A transfer from EUR to USD appears on both accounts, each naming the other.
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  const transfer = page.getByRole("dialog", { name: "Transfer between accounts" });
  await transfer.getByLabel("From account").selectOption({ label: "Travel (EUR)" });
  await transfer.getByLabel("To account").selectOption({ label: "Travel (USD)" });
  await transfer.getByLabel("Amount sent (EUR)").fill("20.00");
  await transfer.getByLabel("Amount received (USD)").fill("21.50");
  await transfer.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByLabel("Account", { exact: true }).selectOption({ label: "Travel (USD)" });
  const incoming = page.getByRole("row", { name: /Transfer/ });
  await expect(incoming).toHaveCount(1);
  await expect(incoming).toContainText("← from Travel (EUR)");
  await expect(incoming).toContainText("US$21.50");
  await expect(incoming).toContainText("€20.00"); // what left the EUR side, seen from here
  await expect(incoming).not.toContainText("−€20.00");
  await page.getByLabel("Account", { exact: true }).selectOption({ label: "Travel (EUR)" });
  const outgoing = page.getByRole("row", { name: /Transfer/ });
  await expect(outgoing).toContainText("→ to Travel (USD)");
  await expect(outgoing).toContainText("−€20.00");
  await expect(outgoing).toContainText("−US$21.50");
  expect(await apiBalances(request, token, walletId)).toEqual({ EUR: "67.70", USD: "71.50" });

  await navLink(page, "Wallets").click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByRole("heading", { name: "Wallets", exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: /Travel/ })).toContainText("€67.70");
  await expect(page.getByRole("row", { name: /Travel/ })).toContainText("US$71.50");
  await page.screenshot({ path: test.info().outputPath("wallets-page.png"), fullPage: true });
  await test
    .info()
    .attach("wallets-page", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("categories: a group, a category with aliases, edited and archived after confirming", async ({ page }) => {
  await signUp(page, uniqueEmail());
  await navLink(page, "Categories").click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("heading", { name: "Categories", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Food & Drink/ })).toBeVisible();

  await page.getByRole("button", { name: "New group" }).click();
  await page.getByRole("dialog", { name: "New category group" }).getByLabel("Group name").fill("Treats");
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("heading", { name: /Treats/ })).toBeVisible();

  await page.getByRole("button", { name: "New category" }).click();
  const create = page.getByRole("dialog", { name: "New category" });
  await create.getByRole("button", { name: "Create category" }).click();
  await expect(create.getByText("Enter a name")).toBeVisible();
  await create.getByLabel("Name").fill("Coffee");
  await create.getByLabel("Group").selectOption({ label: "Treats" });
  await create.getByLabel("Aliases").fill("espresso, latte, Espresso");
  await create.getByRole("radio", { name: "Coffee cup" }).check();
  await create.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const treats = page.getByRole("region", { name: /Treats/ });
  await expect(treats.getByRole("row", { name: /Coffee/ })).toContainText("espresso");
  await expect(treats.getByRole("row", { name: /Coffee/ })).toContainText("latte");

  // A second "coffee" is refused by the server, shown above the form.
  await page.getByRole("button", { name: "New category" }).click();
  await create.getByLabel("Name").fill("coffee");
  await create.getByRole("button", { name: "Create category" }).click();
  await expect(create.getByRole("alert")).toContainText("A category named Coffee already exists.");
  await create.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Edit Coffee" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Coffee" });
  await expect(edit.getByRole("radio", { name: "Coffee cup" })).toBeChecked();
  await edit.getByRole("radio", { name: "Gift" }).check();
  await edit.getByLabel("Name").fill("Coffee & cake");
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Archive Coffee & cake" }).click();
  await page
    .getByRole("dialog", { name: "Archive category?" })
    .getByRole("button", { name: "Archive category" })
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Coffee & cake/ })).toHaveCount(0);
  await page.getByLabel("Show archived categories").check();
  await expect(page.getByRole("row", { name: /Coffee & cake/ })).toContainText("archived");
});
