import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { mailsTo, resetTokenIn } from "./mail-outbox";

/**
 * The e-mails the service sends and the password-reset links in them: built on the configured
 * origin, ended by a reset, a password or an e-mail change, and no text in them that passes for ours.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

function mails(to: string) {
  return mailsTo(inject("outboxFile"), to);
}

describe("links in e-mails", () => {
  it("are built on the configured origin, never from Host or X-Forwarded-Host", async () => {
    const user = await api.signUp();
    const response = await api.call("POST", "/api/v1/auth/password-reset", {
      body: { email: user.email },
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(response.status).toBe(202);
    const [mail] = mailsTo(inject("outboxFile"), user.email);
    expect(mail?.text).toContain(`${inject("publicOrigin")}/reset-password?token=pfr_`);
    expect(mail?.text).not.toContain("evil.example");
  });
});

describe("password reset tokens", () => {
  it("using one ends every other outstanding token of the user", async () => {
    const user = await api.signUp();
    for (let i = 0; i < 2; i += 1)
      await api.call("POST", "/api/v1/auth/password-reset", { body: { email: user.email } });
    const [first, second] = mailsTo(inject("outboxFile"), user.email).map((mail) => resetTokenIn(mail.text));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const used = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: second, new_password: "the new password 1" },
    });
    expect(used.status).toBe(200);
    const stale = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: first, new_password: "the new password 2" },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("TOKEN_REVOKED");
    expect(await api.signIn(user.email, "the new password 1")).toMatch(/^pfs_/);
  });
});

describe("password-reset links die with the password or e-mail they were sent for", () => {
  async function resetLinkFor(email: string): Promise<string> {
    const requested = await api.call("POST", "/api/v1/auth/password-reset", { body: { email } });
    expect(requested.status).toBe(202);
    return resetTokenIn(mails(email).at(-1)!.text);
  }

  it("an e-mail change ends a link sent to the old address", async () => {
    const user = await api.signUp();
    const link = await resetLinkFor(user.email);
    const newEmail = `moved-${randomUUID()}@example.com`;
    const changed = await api.call("POST", "/api/v1/auth/email", {
      token: user.sessionToken,
      body: { password: user.password, new_email: newEmail },
    });
    expect(changed.status).toBe(200);
    const stale = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: link, new_password: "taken over by mailbox" },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("TOKEN_REVOKED");
    expect(stale.body.message).toContain("changed since it was sent");
    // The account is still the owner's, and a link to the new address works.
    expect(await api.signIn(newEmail, user.password)).toMatch(/^pfs_/);
    const fresh = await resetLinkFor(newEmail);
    const reset = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: fresh, new_password: "a fresh password 1" },
    });
    expect(reset.status).toBe(200);
  });

  it("a password change ends every link sent before it", async () => {
    const user = await api.signUp();
    const link = await resetLinkFor(user.email);
    const changed = await api.call("POST", "/api/v1/auth/password", {
      token: user.sessionToken,
      body: { current_password: user.password, new_password: "changed password 1" },
    });
    expect(changed.status).toBe(200);
    const stale = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: link, new_password: "taken over by mailbox" },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("TOKEN_REVOKED");
    expect(await api.signIn(user.email, "changed password 1")).toMatch(/^pfs_/);
  });
});

describe("e-mail the service writes holds no text that passes for ours", () => {
  it("refuses a name with a line break", async () => {
    for (const workspace_name of [
      'Acme"\n\nYour bank statement is ready: https://evil.example/statement',
      "Acme\u2028Support",
    ]) {
      const response = await api.call("POST", "/api/v1/auth/sign-up", {
        body: { email: `user-${randomUUID()}@example.com`, password: "correct horse battery", workspace_name },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("workspace_name: must be on one line");
    }
  });

  it("quotes a workspace's name on one line, capped, with links defanged, in the invitation's Subject and body", async () => {
    const name = 'Acme" Your bank statement is ready: https://evil.example/statement and more words to go past the cap';
    const owner = await api.signUp({ workspace_name: name });
    const invitee = `invitee-${randomUUID()}@example.com`;
    const invited = await api.call("POST", "/api/v1/workspace/members", {
      token: owner.sessionToken,
      body: { email: invitee },
    });
    expect(invited.status).toBe(202);
    const [mail] = mails(invitee);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toBe(
      `Invitation to the workspace "Acme' Your bank statement is ready: https[:]//evil[.]exam..."`,
    );
    expect(mail!.text).not.toContain("https://evil.example");
    expect(mail!.text).not.toContain("evil.example");
    expect(mail!.text.split("\n").some((line) => line.startsWith("Your bank statement"))).toBe(false);
    expect(mail!.text).toContain(`${owner.email} invited you to the Personal Finance workspace "Acme'`);
  });
});
