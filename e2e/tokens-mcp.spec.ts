import { expect, test, type Page } from "./test";
import { signInAsDemo } from "./demo-sign-in";

/**
 * Creating an MCP token in the dashboard: the "Token created" dialog shows set-up snippets for
 * common MCP hosts with this server's URL and the new token, and what a snippet holds really
 * opens an MCP session. A programmatic API token gets no such snippets.
 */

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const SERVER_KEY = "personal-finance";

/** Fills in and sends the create-token form; returns the "Token created" dialog. */
async function createToken(page: Page, name: string, audience: "programmatic_api" | "mcp") {
  await page.getByRole("button", { name: "Create token" }).click();
  const form = page.getByRole("dialog", { name: "Create token" });
  await form.getByLabel("Name").fill(`${name} ${Date.now()}`);
  await form.getByLabel("Audience").selectOption(audience);
  await form.getByLabel("wallets:read", { exact: true }).check();
  await form.getByRole("button", { name: "Create token" }).click();
  return page.getByRole("dialog", { name: "Token created" });
}

test("an MCP token comes with set-up snippets whose URL and header open an MCP session", async ({
  page,
  request,
  baseURL,
}) => {
  const serverUrl = `${baseURL}/api/v1/mcp`;
  await signInAsDemo(page);
  await page.goto("/settings/tokens");
  const created = await createToken(page, "e2e assistant", "mcp");

  const tokenField = created.getByLabel("New token");
  await expect(tokenField).toBeFocused();
  const token = await tokenField.inputValue();
  expect(token).toMatch(/^pfm_[0-9A-Za-z]{42}$/);
  await expect(created.getByRole("region", { name: "Connect an AI assistant" })).toContainText(serverUrl);

  // Claude Desktop is first; the arrow key moves to Cursor, as in any tab list.
  const tabs = created.getByRole("tablist", { name: "MCP client" });
  await expect(tabs.getByRole("tab")).toHaveText(["Claude Desktop", "Cursor", "VS Code", "Claude Code", "curl"]);
  const desktop = JSON.parse(await created.getByLabel("Claude Desktop configuration").inputValue());
  expect(desktop.mcpServers[SERVER_KEY]).toEqual({
    command: "npx",
    args: ["-y", "mcp-remote", serverUrl, "--allow-http", "--header", "Authorization:${AUTH_HEADER}"],
    env: { AUTH_HEADER: `Bearer ${token}` },
  });
  await tabs.getByRole("tab", { name: "Claude Desktop" }).focus();
  await page.keyboard.press("ArrowRight");
  const cursorTab = tabs.getByRole("tab", { name: "Cursor" });
  await expect(cursorTab).toBeFocused();
  await expect(cursorTab).toHaveAttribute("aria-selected", "true");
  await expect(created.getByLabel("Claude Desktop configuration")).toBeHidden();
  await expect(created.getByRole("tabpanel")).toHaveCount(1);

  const cursorPanel = created.getByRole("tabpanel", { name: "Cursor" });
  const cursorText = await cursorPanel.getByLabel("Cursor configuration").inputValue();
  const cursor = JSON.parse(cursorText).mcpServers[SERVER_KEY];
  expect(cursor).toEqual({ url: serverUrl, headers: { Authorization: `Bearer ${token}` } });
  await cursorPanel.getByRole("button", { name: "Copy configuration" }).click();
  await expect(cursorPanel.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cursorText);

  await tabs.getByRole("tab", { name: "VS Code" }).click();
  const vsCode = JSON.parse(await created.getByLabel("VS Code configuration").inputValue());
  expect(vsCode.servers[SERVER_KEY]).toEqual({
    type: "http",
    url: serverUrl,
    headers: { Authorization: `Bearer ${token}` },
  });
  await tabs.getByRole("tab", { name: "Claude Code" }).click();
  await expect(created.getByLabel("Claude Code command")).toHaveValue(
    `claude mcp add --transport http ${SERVER_KEY} ${serverUrl} --header "Authorization: Bearer ${token}"`,
  );
  await test.info().attach("mcp-set-up", { body: await created.screenshot(), contentType: "image/png" });
  await tabs.getByRole("tab", { name: "curl" }).click();
  await test.info().attach("mcp-set-up-curl", { body: await created.screenshot(), contentType: "image/png" });
  await tabs.getByRole("tab", { name: "Cursor" }).click();
  await test.info().attach("mcp-set-up-cursor", { body: await created.screenshot(), contentType: "image/png" });

  // What the Cursor snippet holds, used as an MCP host would: an initialize request.
  const response = await request.post(cursor.url, {
    headers: {
      Authorization: cursor.headers.Authorization,
      Accept: "application/json, text/event-stream",
      "Content-Type": "application/json",
    },
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1.0.0" } },
    },
  });
  expect(response.status()).toBe(200);
  const { result } = await response.json();
  expect(result.serverInfo.name).toBe(SERVER_KEY);
  expect(result.protocolVersion).toBe("2025-06-18");
  expect(result.capabilities.tools).toBeDefined();

  // Shown once: closing the dialog takes the token and every snippet out of the page.
  await created.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await page.evaluate((plaintext) => document.documentElement.outerHTML.includes(plaintext), token)).toBe(false);
  await expect(page.getByRole("row", { name: /e2e assistant/ })).toContainText("MCP");
});

test("a programmatic API token gets no MCP set-up", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto("/settings/tokens");
  const created = await createToken(page, "e2e script", "programmatic_api");
  await expect(created.getByLabel("New token")).toHaveValue(/^pfa_[0-9A-Za-z]{42}$/);
  await expect(created.getByRole("tablist")).toHaveCount(0);
  await expect(created).not.toContainText("/api/v1/mcp");
  await created.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
