import { z } from "zod";
import { sessionProcedure } from "../../trpc";
import { resource } from "../shared/schemas";

export const currentSession = sessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/auth/sessions/current",
      operationId: "getCurrentSession",
      tags: ["auth"],
      summary: "The signed-in user and the session's workspace",
    },
  })
  .input(z.void())
  .output(
    z.object({
      data: resource(
        "sessions",
        z.object({
          user: z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() }),
          workspace: z.object({ id: z.uuid(), name: z.string(), timezone: z.string(), plan: z.string(), role: z.string() }),
        }),
      ),
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
          },
        },
      },
    };
  });
