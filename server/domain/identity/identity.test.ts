import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { SYSTEM_CATEGORIES } from "../categories/system-categories";
import { authenticateSession } from "./authenticate";
import { createCredential } from "./credentials";
import { RecordingMailer } from "./identity-testing";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { endSessionByToken, signIn } from "./sessions";
import { signUp } from "./sign-up";

const db = useTestDatabase();

const unique = () => `u${Math.random().toString(36).slice(2)}@example.com`;

describe("signUp", () => {
  it("creates the owner membership, a free workspace and every system category in it", async () => {
    const session = await signUp(db, { email: unique(), password: "long enough password", homeCurrency: "gbp" });
    const workspace = await db.prisma.workspace.findUniqueOrThrow({
      where: { id: session.workspaceId },
      include: { homeCurrency: true, memberships: true, categories: true },
    });
    expect(workspace).toMatchObject({ timezone: "UTC", plan: "free" });
    expect(workspace.homeCurrency.code).toBe("GBP");
    expect(workspace.memberships).toEqual([expect.objectContaining({ userId: session.userId, role: "owner" })]);
    expect(workspace.categories).toHaveLength(SYSTEM_CATEGORIES.length);
    expect(workspace.categories.every((category) => category.isSystem)).toBe(true);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: session.userId } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("lets exactly one of two simultaneous sign-ups with one address through", async () => {
    const email = unique();
    const results = await Promise.allSettled([
      signUp(db, { email, password: "long enough password" }),
      signUp(db, { email: email.toUpperCase(), password: "long enough password" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");
    expect(await db.prisma.user.count({ where: { email } })).toBe(1);
  });
});

describe("endSessionByToken", () => {
  it("ends the session of a member removed from the workspace, so adding them back does not revive it", async () => {
    const session = await signUp(db, { email: unique(), password: "long enough password" });
    const caller = await authenticateSession(db, session.token);
    const membership = await db.prisma.membership.findFirstOrThrow({
      where: { userId: caller.user.id, workspaceId: caller.workspace.id },
    });
    await db.prisma.membership.delete({ where: { id: membership.id } });
    await expect(authenticateSession(db, session.token)).rejects.toMatchObject({
      code: "WORKSPACE_ACCESS_REVOKED",
    });

    await endSessionByToken(db, session.token);
    await db.prisma.membership.create({
      data: { userId: caller.user.id, workspaceId: caller.workspace.id, role: membership.role },
    });
    await expect(authenticateSession(db, session.token)).rejects.toMatchObject({ code: "TOKEN_REVOKED" });
    // An unknown token changes nothing and does not fail.
    await expect(endSessionByToken(db, "pfs_unknown")).resolves.toBeUndefined();
  });
});

describe("password reset", () => {
  it("mails a one-hour link; using it sets the password and revokes every session and credential", async () => {
    const email = unique();
    const first = await signUp(db, { email, password: "long enough password" });
    const caller = await authenticateSession(db, first.token);
    await createCredential(db, caller, { name: "t", audience: "programmatic_api", scopes: ["wallets:read"] });
    const mailer = new RecordingMailer();

    await requestPasswordReset(db, mailer, { email: email.toUpperCase(), baseUrl: "https://app.example" });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe(email);
    const token = /https:\/\/app\.example\/reset-password\?token=(pfr_[0-9A-Za-z]{42})/.exec(mailer.sent[0]!.text)?.[1];
    expect(token).toBeDefined();

    const counts = await resetPassword(db, { token: token!, newPassword: "a brand new password" });
    expect(counts).toEqual({ revokedCredentials: 1, revokedSessions: 1 });
    await expect(authenticateSession(db, first.token)).rejects.toMatchObject({ code: "TOKEN_REVOKED" });
    await expect(signIn(db, { email, password: "long enough password" })).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
    });
    await expect(signIn(db, { email, password: "a brand new password" })).resolves.toMatchObject({
      userId: first.userId,
    });
    await expect(resetPassword(db, { token: token!, newPassword: "yet another password" })).rejects.toMatchObject({
      code: "TOKEN_REVOKED",
    });
  });

  it("sends nothing for an unknown address and refuses an expired token", async () => {
    const mailer = new RecordingMailer();
    await requestPasswordReset(db, mailer, { email: unique(), baseUrl: "https://app.example" });
    expect(mailer.sent).toHaveLength(0);

    const email = unique();
    await signUp(db, { email, password: "long enough password" });
    await requestPasswordReset(db, mailer, { email, baseUrl: "https://app.example" });
    const token = /token=(pfr_\w+)/.exec(mailer.sent[0]!.text)![1]!;
    await db.prisma.passwordResetToken.updateMany({
      data: { expiresAt: new Date(Date.now() - 1000) },
      where: { usedAt: null },
    });
    await expect(resetPassword(db, { token, newPassword: "a brand new password" })).rejects.toMatchObject({
      code: "TOKEN_EXPIRED",
    });
  });
});
