import { z } from "zod";
import { removeMember } from "../../domain/identity/members";
import { ownerProcedure } from "./owner-procedure";

export const removeMemberProcedure = ownerProcedure
  .meta({
    successStatus: 204,
    errors: ["INSUFFICIENT_SCOPE", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "DELETE",
      path: "/api/v1/workspace/members/{user_id}",
      operationId: "removeMember",
      tags: ["members"],
      summary: "Remove a member (owner only); their sessions and tokens for this workspace are revoked",
      description:
        "Every session and credential (both audiences) the member holds for this workspace is revoked in the same " +
        "transaction: they answer 401 TOKEN_REVOKED, also after the member is invited back. 404 when the user is not a " +
        "member, 422 for the owner.",
    },
  })
  .input(z.object({ user_id: z.uuid().describe("The member's user id: the id of the member resource.") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await removeMember(ctx.db, ctx.caller, input.user_id);
  });
