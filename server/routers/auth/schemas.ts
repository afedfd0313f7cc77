import { z } from "zod";
import type { IssuedSession } from "../../domain/identity/types";
import { iso, resource, timestamp } from "../shared/schemas";

export const sessionOutput = z.object({
  data: resource(
    "sessions",
    z
      .object({
        session_token: z
          .string()
          .describe(
            "The session token (pfs_...), shown only here: send it as Authorization: Bearer <token> to the session endpoints.",
          ),
        expires_at: timestamp.describe("When the session ends by itself (30 days after it began)."),
        user_id: z.uuid().describe("The signed-in user."),
        workspace_id: z.uuid().describe("The workspace the session works in."),
      })
      .describe("The session's token and scope."),
  )
    .meta({ id: "Session", description: "A new session: the token a script signs in with." })
    .describe("The session."),
});

export function toSessionOutput(session: IssuedSession): z.infer<typeof sessionOutput> {
  return {
    data: {
      type: "sessions",
      id: session.sessionId,
      attributes: {
        session_token: session.token,
        expires_at: iso(session.expiresAt),
        user_id: session.userId,
        workspace_id: session.workspaceId,
      },
    },
  };
}
