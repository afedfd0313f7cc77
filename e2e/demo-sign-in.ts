import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const DEMO = { email: "demo@example.com", password: "demo-password-1234" };

/** Signs in as the seeded demo user through the sign-in page; ends on the overview. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail address").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** What a script reads: a GET of the REST API answered 200, its JSON body. */
export type ApiGet = (path: string) => Promise<any>;

/** The REST API as the demo user's script sees it, with a PAT made the way a script makes one: a session, then a credential. */
export async function demoApi(request: APIRequestContext, name: string, scopes: readonly string[]): Promise<ApiGet> {
  const session = await request.post("/api/v1/auth/sessions", { data: DEMO });
  expect(session.status()).toBe(201);
  const created = await request.post("/api/v1/programmatic-access/credentials", {
    headers: { Authorization: `Bearer ${(await session.json()).data.attributes.session_token}` },
    data: { name: `${name} ${Date.now()}`, audience: "programmatic_api", scopes, expires_in_days: 1 },
  });
  expect(created.status()).toBe(201);
  const token: string = (await created.json()).data.attributes.token;
  return async (path) => {
    const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status(), path).toBe(200);
    return response.json();
  };
}
