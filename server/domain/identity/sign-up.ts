import { randomUUID } from "node:crypto";
import type { Db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { createSystemCategories } from "../categories/system-categories";
import { isValidTimeZone } from "../time/calendar";
import { hashPassword } from "./password";
import { createSession, normaliseEmail } from "./sessions";
import type { IssuedSession } from "./types";

export interface SignUpInput {
  email: string;
  password: string;
  name?: string;
  workspaceName?: string;
  timezone?: string;
  homeCurrency?: string;
  userAgent?: string | null;
}

/**
 * Creates the user, their workspace (plan NEW_WORKSPACE_PLAN, default free), the owner membership, the system categories and
 * a first session, all or nothing (CONTRACT "Identity and sessions").
 */
export async function signUp(db: Db, input: SignUpInput): Promise<IssuedSession> {
  const email = normaliseEmail(input.email);
  const timezone = input.timezone ?? "UTC";
  if (!isValidTimeZone(timezone)) {
    throw new AppError("VALIDATION_FAILED", `Validation failed: timezone: ${timezone} is not an IANA time zone`);
  }
  const currencyCode = (input.homeCurrency ?? "EUR").toUpperCase();
  const currency = await db.prisma.currency.findUnique({ where: { code: currencyCode }, select: { id: true } });
  if (!currency) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Validation failed: home_currency: ${currencyCode} is not a supported currency`,
    );
  }
  if (await db.prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "An account with this e-mail address already exists.");
  }
  const passwordHash = await hashPassword(input.password);
  const name = input.name?.trim() || null;

  try {
    return await db.transaction(async (tx) => {
      const user = await tx.prisma.user.create({ data: { id: randomUUID(), email, name, passwordHash } });
      const workspace = await tx.prisma.workspace.create({
        data: {
          name: input.workspaceName?.trim() || (name ? `${name}'s workspace` : "My workspace"),
          timezone,
          homeCurrencyId: currency.id,
          plan: env.NEW_WORKSPACE_PLAN,
        },
      });
      await tx.prisma.membership.create({ data: { userId: user.id, workspaceId: workspace.id, role: "owner" } });
      await createSystemCategories({ db: tx, workspace, userId: user.id });
      return createSession(tx, { userId: user.id, workspaceId: workspace.id, userAgent: input.userAgent });
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same answer.
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "An account with this e-mail address already exists.");
    }
    throw error;
  }
}
