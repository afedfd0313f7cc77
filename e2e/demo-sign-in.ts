import { expect, type Page } from "@playwright/test";

export const DEMO = { email: "demo@example.com", password: "demo-password-1234" };

/** Signs in as the seeded demo user through the sign-in page; ends on the Tokens page. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail address").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/tokens$/);
}
