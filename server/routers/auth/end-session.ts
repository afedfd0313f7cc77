import { z } from "zod";
import { endSession as endUserSession } from "../../domain/identity/sessions";
import { sessionProcedure } from "../../trpc";

export const endSession = sessionProcedure
  .meta({
    successStatus: 204,
    openapi: {
      method: "DELETE",
      path: "/api/v1/auth/sessions/current",
      tags: ["auth"],
      summary: "Sign out: end the calling session",
    },
  })
  .input(z.void())
  .output(z.void())
  .mutation(async ({ ctx }) => {
    await endUserSession(ctx.db.prisma, ctx.caller.sessionId);
  });
