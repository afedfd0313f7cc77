import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/fixtures";
import { authenticatePat, authenticateSession, type SessionCaller } from "./authenticate";
import { createCredential } from "./credentials";
import { acceptInvitation, declineInvitation, listReceivedInvitations } from "./invitation-answers";
import {
  INVITATION_LIFETIME_DAYS,
  inviteToWorkspace,
  listWorkspaceInvitations,
  withdrawInvitation,
} from "./invitations";
import { RecordingMailer } from "./identity-testing";
import { asWorkspaceOwner, listMembers, removeMember, type WorkspaceOwner } from "./members";
import { signIn } from "./sessions";
import { signUp } from "./sign-up";

const db = useTestDatabase();

const DAY_MS = 86_400_000;
const PASSWORD = "long enough password";
const ORIGIN = "https://money.example";
const unique = () => `u${Math.random().toString(36).slice(2)}@example.com`;

async function account(email = unique()): Promise<SessionCaller & { email: string }> {
  const session = await signUp(db, { email, password: PASSWORD, workspaceName: `${email}'s books` });
  return { ...(await authenticateSession(db, session.token)), email };
}

async function owner(): Promise<WorkspaceOwner> {
  return asWorkspaceOwner(db, await account());
}

async function memberIds(workspaceOwner: WorkspaceOwner): Promise<string[]> {
  return (await listMembers(db, workspaceOwner)).map((member) => member.userId);
}

describe("inviting by e-mail", () => {
  it("answers and mails the same for an address with an account and one without; nobody joins before accepting", async () => {
    const inviter = await owner();
    const invitee = await account();
    const mailer = new RecordingMailer();
    const stranger = unique();

    const known = await inviteToWorkspace(db, mailer, inviter, {
      email: invitee.email.toUpperCase(),
      origin: ORIGIN,
    });
    const unknown = await inviteToWorkspace(db, mailer, inviter, { email: stranger, origin: ORIGIN });

    for (const [invitation, email] of [
      [known, invitee.email],
      [unknown, stranger],
    ] as const) {
      expect(invitation).toMatchObject({ email, status: "pending" });
      expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(INVITATION_LIFETIME_DAYS * DAY_MS);
    }
    expect(mailer.sent.map((mail) => mail.to)).toEqual([invitee.email, stranger]);
    expect(mailer.sent[0]!.text.replace(invitee.email, "")).toBe(mailer.sent[1]!.text.replace(stranger, ""));
    expect(mailer.sent[0]!.text).toContain(`${ORIGIN}/settings/members`);
    expect(mailer.sent[0]!.text).toContain(inviter.user.email);

    expect(await memberIds(inviter)).toEqual([inviter.user.id]);
    await expect(
      signIn(db, { email: invitee.email, password: PASSWORD, workspaceId: inviter.workspace.id }),
    ).rejects.toMatchObject({
      code: "WORKSPACE_ACCESS_REVOKED",
    });
    expect((await listWorkspaceInvitations(db, inviter)).map((invitation) => invitation.email)).toEqual([
      stranger,
      invitee.email,
    ]);
  });

  it("renews a pending invitation, refuses a member's address, and lets only the owner invite", async () => {
    const inviter = await owner();
    const mailer = new RecordingMailer();
    const email = unique();
    const later = new Date(Date.now() + DAY_MS);
    const first = await inviteToWorkspace(db, mailer, inviter, { email, origin: ORIGIN });
    const again = await inviteToWorkspace(db, mailer, inviter, { email, origin: ORIGIN, now: later });
    expect(again.id).toBe(first.id);
    expect(again.expiresAt.getTime()).toBe(later.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
    expect(mailer.sent).toHaveLength(2);

    await expect(
      inviteToWorkspace(db, mailer, inviter, { email: inviter.user.email, origin: ORIGIN }),
    ).rejects.toMatchObject({
      code: "DOMAIN_CONSTRAINT_VIOLATION",
    });

    const invitee = await account(email);
    await acceptInvitation(db, invitee, first.id);
    const memberSession = await signIn(db, { email, password: PASSWORD, workspaceId: inviter.workspace.id });
    const asMember = await authenticateSession(db, memberSession.token);
    await expect(asWorkspaceOwner(db, asMember)).rejects.toMatchObject({ code: "INSUFFICIENT_SCOPE" });
  });
});

describe("answering an invitation", () => {
  it("lets the invitee accept once, and nobody else; the invitee sees the workspace and who invited them", async () => {
    const inviter = await owner();
    const invitee = await account();
    const other = await account();
    const invitation = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
    });

    expect(await listReceivedInvitations(db, other)).toEqual([]);
    await expect(acceptInvitation(db, other, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
    await expect(declineInvitation(db, other, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });

    const received = await listReceivedInvitations(db, invitee);
    expect(received).toEqual([
      expect.objectContaining({
        id: invitation.id,
        status: "pending",
        workspace: { id: inviter.workspace.id, name: `${inviter.user.email}'s books` },
        invitedBy: { email: inviter.user.email, name: null },
      }),
    ]);

    const joined = await acceptInvitation(db, invitee, invitation.id);
    expect(joined).toMatchObject({
      workspaceId: inviter.workspace.id,
      workspaceName: `${inviter.user.email}'s books`,
      role: "member",
    });
    expect(await memberIds(inviter)).toEqual([inviter.user.id, invitee.user.id]);
    await expect(acceptInvitation(db, invitee, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
    expect(await listReceivedInvitations(db, invitee)).toEqual([]);
    expect(await listWorkspaceInvitations(db, inviter)).toEqual([]);
  });

  it("declines: the invitation leaves both lists and can no longer be accepted", async () => {
    const inviter = await owner();
    const invitee = await account();
    const invitation = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
    });
    await declineInvitation(db, invitee, invitation.id);
    expect(await listReceivedInvitations(db, invitee)).toEqual([]);
    expect(await listWorkspaceInvitations(db, inviter)).toEqual([]);
    await expect(acceptInvitation(db, invitee, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
    expect(await memberIds(inviter)).toEqual([inviter.user.id]);
  });

  it("refuses an expired invitation; inviting again replaces it with a new one", async () => {
    const inviter = await owner();
    const invitee = await account();
    const sentLongAgo = new Date(Date.now() - (INVITATION_LIFETIME_DAYS + 1) * DAY_MS);
    const expired = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
      now: sentLongAgo,
    });

    expect(await listReceivedInvitations(db, invitee)).toEqual([]);
    expect(await listWorkspaceInvitations(db, inviter)).toEqual([
      expect.objectContaining({ id: expired.id, status: "expired" }),
    ]);
    await expect(acceptInvitation(db, invitee, expired.id)).rejects.toMatchObject({
      code: "DOMAIN_CONSTRAINT_VIOLATION",
    });
    expect(await memberIds(inviter)).toEqual([inviter.user.id]);

    const renewed = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
    });
    expect(renewed.id).not.toBe(expired.id);
    await expect(acceptInvitation(db, invitee, expired.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
    await expect(acceptInvitation(db, invitee, renewed.id)).resolves.toMatchObject({
      workspaceId: inviter.workspace.id,
    });
  });

  it("refuses a withdrawn invitation", async () => {
    const inviter = await owner();
    const invitee = await account();
    const invitation = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
    });
    const elsewhere = await owner();
    await expect(withdrawInvitation(db, elsewhere, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });

    await withdrawInvitation(db, inviter, invitation.id);
    expect(await listWorkspaceInvitations(db, inviter)).toEqual([]);
    expect(await listReceivedInvitations(db, invitee)).toEqual([]);
    await expect(acceptInvitation(db, invitee, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
    await expect(withdrawInvitation(db, inviter, invitation.id)).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
  });
});

describe("removing a member", () => {
  it("revokes their sessions and credentials for the workspace, so joining again revives none of them", async () => {
    const inviter = await owner();
    const invitee = await account();
    const first = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
    });
    await acceptInvitation(db, invitee, first.id);
    const session = await signIn(db, {
      email: invitee.email,
      password: PASSWORD,
      workspaceId: inviter.workspace.id,
    });
    const inWorkspace = await authenticateSession(db, session.token);
    const pat = await createCredential(db, inWorkspace, {
      name: "pat",
      audience: "programmatic_api",
      scopes: ["wallets:read"],
    });
    const mcp = await createCredential(db, inWorkspace, {
      name: "mcp",
      audience: "mcp",
      scopes: ["reports:read"],
    });
    const ownPat = await createCredential(db, invitee, {
      name: "own",
      audience: "programmatic_api",
      scopes: ["wallets:read"],
    });

    expect(await removeMember(db, inviter, invitee.user.id)).toEqual({
      revokedCredentials: 2,
      revokedSessions: 1,
    });
    const revoked = await db.prisma.credential.findMany({
      where: { id: { in: [pat.credential.id, mcp.credential.id] } },
    });
    expect(revoked.map((credential) => credential.revokedReason)).toEqual(["membership_removed", "membership_removed"]);

    const second = await inviteToWorkspace(db, new RecordingMailer(), inviter, {
      email: invitee.email,
      origin: ORIGIN,
    });
    await acceptInvitation(db, invitee, second.id);
    await expect(authenticateSession(db, session.token)).rejects.toMatchObject({ code: "TOKEN_REVOKED" });
    await expect(authenticatePat(db, pat.token)).rejects.toMatchObject({ code: "TOKEN_REVOKED" });
    // Their own workspace is untouched.
    await expect(
      authenticateSession(db, (await signIn(db, { email: invitee.email, password: PASSWORD })).token),
    ).resolves.toMatchObject({
      workspace: { id: invitee.workspace.id },
    });
    await expect(authenticatePat(db, ownPat.token)).resolves.toMatchObject({ workspace: { id: invitee.workspace.id } });
  });
});
