import { z } from "zod";
import { sessionProcedure } from "../../trpc/builders";
import { currencyById, currencyObject as toCurrencyObject } from "../../domain/money/currencies";
import { currencyObject } from "../shared/fields";
import { resource } from "../shared/schemas";

export const currentSessionProcedure = sessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/auth/sessions/current",
      operationId: "getCurrentSession",
      tags: ["auth"],
      summary: "The signed-in user and the session's workspace",
      description:
        "Who the session token belongs to and the workspace it works in, with its timezone, plan and the user's role.",
    },
  })
  .input(z.void())
  .output(
    z.object({
      data: resource(
        "sessions",
        z
          .object({
            user: z
              .object({
                id: z.uuid().describe("The user's id."),
                email: z.string().describe("The user's e-mail address (lower-cased)."),
                name: z.string().nullable().describe("The user's display name; null when they gave none."),
              })
              .describe("The signed-in user."),
            workspace: z
              .object({
                id: z.uuid().describe("The workspace's id."),
                name: z.string().describe("The workspace's name."),
                timezone: z
                  .string()
                  .describe("IANA time zone deciding today and month boundaries, e.g. Europe/Berlin."),
                plan: z.string().describe("free, plus or pro: how far back reports may reach (12, 36, 120 months)."),
                role: z.string().describe("The user's role in it: owner or member."),
                home_currency: currencyObject.describe("The currency totals, reports and net worth are given in."),
              })
              .describe("The workspace the session works in."),
          })
          .describe("Who is signed in, and where."),
      )
        .meta({ id: "CurrentSession", description: "The calling session: its user and workspace." })
        .describe("The calling session."),
    }),
  )
  .query(async ({ ctx }) => {
    const { user, workspace } = ctx.caller;
    const membership = await ctx.db.prisma.membership.findUniqueOrThrow({
      where: { workspaceId_userId: { workspaceId: workspace.id, userId: user.id } },
      select: { role: true, user: { select: { name: true } }, workspace: { select: { name: true } } },
    });
    return {
      data: {
        type: "sessions" as const,
        id: ctx.caller.sessionId,
        attributes: {
          user: { id: user.id, email: user.email, name: membership.user.name },
          workspace: {
            id: workspace.id,
            name: membership.workspace.name,
            timezone: workspace.timezone,
            plan: workspace.plan,
            role: membership.role,
            home_currency: toCurrencyObject(await currencyById(ctx.db, workspace.homeCurrencyId)),
          },
        },
      },
    };
  });
