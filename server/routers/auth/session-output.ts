import { z } from "zod";
import type { IssuedSession } from "../../domain/identity/types";
import { iso, resource, timestamp } from "../shared/schemas";

export const sessionOutput = z.object({
  data: resource(
    "sessions",
    z.object({ session_token: z.string(), expires_at: timestamp, user_id: z.uuid(), workspace_id: z.uuid() }),
  ),
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
