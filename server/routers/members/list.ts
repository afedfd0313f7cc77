import { z } from "zod";
import { listMembers } from "../../domain/identity/members";
import { sessionProcedure } from "../../trpc/builders";
import { memberResource, toMemberResource } from "./schemas";

export const listMembersProcedure = sessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/workspace/members",
      operationId: "listMembers",
      tags: ["members"],
      summary: "Members of the session's workspace",
      description: "Every member with their role and when they joined, the owner first, then by joining date.",
    },
  })
  .input(z.void())
  .output(z.object({ data: z.array(memberResource).describe("The members, the owner first, then by joining date.") }))
  .query(async ({ ctx }) => ({ data: (await listMembers(ctx.db, ctx.caller)).map(toMemberResource) }));
