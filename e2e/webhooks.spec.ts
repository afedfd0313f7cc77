import AxeBuilder from "@axe-core/playwright";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./test";
import { signInAsDemo } from "./demo-sign-in";

/**
 * The webhooks page: an endpoint added with its secret shown once, a test event sent to a receiver
 * of this test (the servers run with WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP), verified with
 * that secret, and seen in the delivery log; then paused and deleted.
 */

test("an endpoint is added, its secret shown once, and a test event arrives signed and shows in the log", async ({
  page,
}) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now()}`;
  try {
    await signInAsDemo(page);
    await page.goto("/settings/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("dialog", { name: "Add endpoint" });
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("Description").fill("e2e receiver");
    // No event chosen: the form says so in plain words, on the field.
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText(/at least one event/)).toBeVisible();
    await form.getByLabel("transactions.created").check();
    await form.getByLabel("import.completed").check();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const added = page.getByRole("dialog", { name: "Endpoint added" });
    const secretField = added.getByLabel("Signing secret");
    await expect(secretField).toBeFocused();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await added.getByRole("button", { name: "Done" }).click();
    await expect(added).toBeHidden();
    // Shown once: nowhere on the page afterwards.
    await expect(page.locator("main")).not.toContainText(secret.slice(6, 20));

    const row = page.getByRole("row").filter({ hasText: url });
    await expect(row).toContainText("active");
    await expect(row).toContainText("transactions.created");
    await row.getByRole("button", { name: `Send test ${url}` }).click();

    // The receiver gets the ping, signed with the secret shown.
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: "ping", data: { endpoint_id: expect.any(String) } });

    // The log shows it delivered, with the receiver's answer.
    const log = page.getByRole("region", { name: /Deliveries to/ });
    const delivery = log.getByRole("row").filter({ hasText: "ping" });
    await expect(delivery).toContainText("succeeded", { timeout: 15_000 });
    await expect(delivery).toContainText("HTTP 204");
    // The page with an endpoint and its log open passes axe (WCAG 2.1 A and AA), as every page does.
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);

    await row.getByRole("button", { name: `Pause ${url}` }).click();
    await expect(row).toContainText("paused");
    await row.getByRole("button", { name: `Delete ${url}` }).click();
    await page
      .getByRole("dialog", { name: "Delete endpoint?" })
      .getByRole("button", { name: "Delete endpoint" })
      .click();
    await expect(page.getByRole("row").filter({ hasText: url })).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
