import { z } from "zod";
import { endSession } from "../../domain/identity/sessions";
import { sessionHolderProcedure } from "../../trpc/builders";

export const endSessionProcedure = sessionHolderProcedure
  .meta({
    successStatus: 204,
    openapi: {
      method: "DELETE",
      path: "/api/v1/auth/sessions/current",
      operationId: "endSession",
      tags: ["auth"],
      summary: "Sign out: end the calling session",
      description:
        "Works for every session token the service issued: also after the user was removed from the workspace " +
        "(no 403) and for a session already ended or expired (204 again). An unknown or malformed token is 401.",
    },
  })
  .input(z.void())
  .output(z.void())
  .mutation(async ({ ctx }) => {
    await endSession(ctx.db, ctx.holder.sessionId);
  });
