import { expect, test, type APIRequestContext, type Page } from "./test";

/**
 * The dashboard's identity flows in a browser: sign-up, tokens (plaintext once, copy, revoke),
 * a password change that revokes access elsewhere, sign-in and sign-out. The REST calls check
 * that what the page says really happened on the API.
 */

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const PASSWORD = "first-password-1234";
const NEW_PASSWORD = "second-password-5678";
const TOKEN_PATTERN = /^pfa_[0-9A-Za-z]{42}$/;

function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // A new workspace lands on the overview, which shows the first steps.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("first-steps")).toBeVisible();
  await page.getByTestId("first-steps").getByRole("link", { name: "Create an access token" }).click();
  await expect(page.getByRole("heading", { name: "Access tokens" })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Creates a token in the dialog and returns its plaintext, with the dialog still showing it. */
async function createToken(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.getByRole("button", { name: "Create token" }).click();
  const form = page.getByRole("dialog", { name: "Create token" });
  await form.getByLabel("Name").fill(name);
  await expect(form.getByLabel("Audience")).toHaveValue("programmatic_api");
  await expect(form.getByLabel("Expires in (days)")).toHaveValue("90");
  for (const scope of scopes) await form.getByLabel(scope, { exact: true }).check();
  await form.getByRole("button", { name: "Create token" }).click();
  const created = page.getByRole("dialog", { name: "Token created" });
  await expect(created.getByText("it will not be shown again")).toBeVisible();
  const token = await created.getByLabel("New token").inputValue();
  expect(token).toMatch(TOKEN_PATTERN);
  return token;
}

function currentCredential(request: APIRequestContext, token: string) {
  return request.get("/api/v1/programmatic-access/credentials/current", {
    headers: { Authorization: `Bearer ${token}` },
  });
}

async function expectRevoked(request: APIRequestContext, token: string): Promise<void> {
  const response = await currentCredential(request, token);
  expect(response.status()).toBe(401);
  expect((await response.json()).code).toBe("TOKEN_REVOKED");
}

test("sign up, create a token shown once, copy it, use it, revoke it", async ({ page, request }) => {
  await signUp(page, uniqueEmail());
  await expect(page.getByText("No tokens yet")).toBeVisible();

  const token = await createToken(page, "e2e wallets reader", ["wallets:read"]);
  const created = page.getByRole("dialog", { name: "Token created" });
  await created.getByRole("button", { name: "Copy" }).click();
  await expect(created.getByText("Copied to the clipboard.")).toBeVisible();
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(token);
  expect(clipboard).toMatch(TOKEN_PATTERN);

  await created.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const tokenStillInPage = await page.evaluate(
    (plaintext) =>
      document.documentElement.outerHTML.includes(plaintext) ||
      [...document.querySelectorAll("input, textarea")].some(
        (field) => (field as HTMLInputElement).value === plaintext,
      ),
    token,
  );
  expect(tokenStillInPage).toBe(false);

  const row = page.getByRole("row", { name: /e2e wallets reader/ });
  await expect(row).toContainText(token.slice(0, 8));
  await expect(row).toContainText("Programmatic API");
  await expect(row).toContainText("wallets:read");
  await expect(row).toContainText("active");
  await expect(row).toContainText("never");

  const response = await currentCredential(request, token);
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.data.attributes.scopes).toEqual(["wallets:read"]);
  expect(body.data.attributes.name).toBe("e2e wallets reader");

  await row.getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke token?" });
  await expect(confirm).toContainText("e2e wallets reader");
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row.getByText("revoked", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Revoke" })).toHaveCount(0);

  await expectRevoked(request, token);
  await test
    .info()
    .attach("tokens-page", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("a token without scopes is refused with the server's message next to the form", async ({ page }) => {
  await signUp(page, uniqueEmail());
  await page.getByRole("button", { name: "Create token" }).click();
  const form = page.getByRole("dialog", { name: "Create token" });
  await form.getByLabel("Name").fill("no scopes");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByText("must name at least one scope")).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("No tokens yet")).toBeVisible();
});

test("a password change revokes tokens and other sessions, and this browser stays signed in", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail();
  await signUp(page, email);
  const token = await createToken(page, "before the change", ["wallets:read"]);
  await page.getByRole("dialog", { name: "Token created" }).getByRole("button", { name: "Done" }).click();
  expect((await currentCredential(request, token)).status()).toBe(200);

  // The same account signed in in another browser.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await otherPage.goto("/sign-in");
  await signIn(otherPage, email, PASSWORD);

  await page.getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("1 access token and 1 other session were revoked");

  await expectRevoked(request, token);

  // This browser's session was the one making the change: it stays signed in.
  await page.getByRole("link", { name: "Access tokens" }).click();
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  await expect(page.getByRole("row", { name: /before the change/ })).toContainText("revoked");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Access tokens" })).toBeVisible();

  // The other browser is sent back to the sign-in page at its next call.
  await otherPage.goto("/settings/members");
  await expect(otherPage).toHaveURL(/\/sign-in\?reason=session-ended$/);
  await expect(otherPage.getByText("Your session has ended")).toBeVisible();
  await signIn(otherPage, email, NEW_PASSWORD);
  await otherContext.close();
});

test("the demo user signs in and out; the signed-out session is ended on the server", async ({ page, request }) => {
  await page.goto("/wallets");
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel("E-mail address").fill("demo@example.com");
  await page.getByLabel("Password").fill("wrong-password-0000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The e-mail address or password is wrong.")).toBeVisible();

  await signIn(page, "demo@example.com", "demo-password-1234");
  const nav = page.getByRole("banner");
  await expect(nav).toContainText("demo@example.com");
  await expect(nav).toContainText("Demo");

  // The browser sees who is signed in, never the server-side session token.
  const session = await page.request.get("/api/auth/session");
  const sessionText = await session.text();
  expect(JSON.parse(sessionText).user.email).toBe("demo@example.com");
  expect(sessionText).not.toMatch(/pfs_/);

  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("row", { name: /demo@example\.com/ })).toContainText("owner");
  await expect(page.getByRole("heading", { name: "Invite member by e-mail" })).toBeVisible();

  const cookie = (await page.context().cookies()).find(({ name }) => name === "next-auth.session-token");
  expect(cookie).toBeDefined();

  await page.getByRole("button", { name: /^Account: demo@example\.com/ }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out$/);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/settings/tokens");
  await expect(page).toHaveURL(/\/sign-in$/);

  // Replaying the old cookie does not help: signing out ended the server-side session.
  const replay = await request.get("/api/trpc/auth.currentSession", {
    headers: { cookie: `${cookie!.name}=${cookie!.value}` },
  });
  expect(replay.status()).toBe(401);
  const { error } = await replay.json();
  expect(error.data.appCode).toBe("TOKEN_REVOKED");
  expect(error.envelope.statusCode).toBe(401);
});

test("the owner invites by e-mail, the invitee accepts in the dashboard, the owner removes them", async ({
  page,
  request,
  browser,
}) => {
  const ownerEmail = uniqueEmail();
  await signUp(page, ownerEmail);
  await page.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();

  // An address without an account gets the same answer as one with an account; the owner can withdraw it.
  await page.getByLabel("E-mail address to invite").fill("no-such-user@example.com");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Invitation sent to no-such-user@example.com");
  const unknownRow = page.getByRole("row", { name: /no-such-user@example\.com/ });
  await expect(unknownRow).toContainText("pending");
  await unknownRow.getByRole("button", { name: /Withdraw/ }).click();
  await expect(unknownRow).toHaveCount(0);

  const inviteeEmail = uniqueEmail();
  const inviteeRow = new RegExp(inviteeEmail.replace(/\./g, "\\."));
  const signUpResponse = await request.post("/api/v1/auth/sign-up", {
    data: { email: inviteeEmail, password: PASSWORD },
  });
  expect(signUpResponse.status()).toBe(201);
  await page.getByLabel("E-mail address to invite").fill(inviteeEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${inviteeEmail}`);
  await expect(page.getByRole("row", { name: inviteeRow })).toContainText("pending");
  // Not a member before accepting.
  await expect(page.getByRole("table", { name: "Members of the workspace" })).not.toContainText(inviteeEmail);

  // The invitee, signed in in another browser, accepts on their members page.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto("/sign-in");
  await signIn(inviteePage, inviteeEmail, PASSWORD);
  await inviteePage.getByRole("link", { name: "Settings" }).click();
  await inviteePage.getByRole("link", { name: "Members" }).click();
  const invitations = inviteePage.getByRole("region", { name: "Invitations for you" });
  await expect(invitations).toContainText(ownerEmail);
  await invitations.getByRole("button", { name: /^Accept/ }).click();
  await expect(invitations.getByRole("status")).toContainText("You are now a member of");
  await inviteeContext.close();

  await page.reload();
  const row = page.getByRole("table", { name: "Members of the workspace" }).getByRole("row", { name: inviteeRow });
  await expect(row).toContainText("member");
  await expect(page.getByRole("heading", { name: "Open invitations" })).toHaveCount(0);

  await row.getByRole("button", { name: "Remove" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove member?" });
  await expect(confirm).toContainText(inviteeEmail);
  await confirm.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toHaveCount(0);
});
