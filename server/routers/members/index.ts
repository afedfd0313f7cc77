import { z } from "zod";
import { addMember, listMembers, removeMember, type MemberView } from "../../domain/identity/members";
import { router, sessionProcedure } from "../../trpc";
import { email, iso, resource, timestamp } from "../shared/schemas";

const memberResource = resource(
  "members",
  z.object({ email: z.string(), name: z.string().nullable(), role: z.enum(["owner", "member"]), created_at: timestamp }),
);

function toMemberResource(member: MemberView): z.infer<typeof memberResource> {
  return {
    type: "members",
    id: member.userId,
    attributes: { email: member.email, name: member.name, role: member.role, created_at: iso(member.createdAt) },
  };
}

const list = sessionProcedure
  .meta({
    openapi: { method: "GET", path: "/api/v1/workspace/members", tags: ["members"], summary: "Members of the session's workspace" },
  })
  .input(z.void())
  .output(z.object({ data: z.array(memberResource) }))
  .query(async ({ ctx }) => ({ data: (await listMembers(ctx.db.prisma, ctx.caller)).map(toMemberResource) }));

const add = sessionProcedure
  .meta({
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/api/v1/workspace/members",
      tags: ["members"],
      summary: "Add an existing user by e-mail (owner only)",
    },
  })
  .input(z.object({ email }))
  .output(z.object({ data: memberResource }))
  .mutation(async ({ ctx, input }) => ({ data: toMemberResource(await addMember(ctx.db.prisma, ctx.caller, input)) }));

const remove = sessionProcedure
  .meta({
    successStatus: 204,
    openapi: {
      method: "DELETE",
      path: "/api/v1/workspace/members/{user_id}",
      tags: ["members"],
      summary: "Remove a member (owner only); their tokens for this workspace stop working at once",
    },
  })
  .input(z.object({ user_id: z.uuid() }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await removeMember(ctx.db.prisma, ctx.caller, input.user_id);
  });

export const membersRouter = router({ list, add, remove });
