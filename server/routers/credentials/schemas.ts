import { z } from "zod";
import type { CredentialView } from "../../domain/identity/credentials";
import { iso, resource, timestamp } from "../shared/schemas";

export const credentialAttributes = z
  .object({
    name: z.string().describe("The name given at creation, to recognise the token by."),
    audience: z
      .enum(["programmatic_api", "mcp"])
      .describe(
        "Where the token works: programmatic_api (the REST API, pfa_ tokens) or mcp (the MCP server, pfm_ tokens).",
      ),
    scopes: z.array(z.string()).describe("What the token may do, resource:action (e.g. wallets:read)."),
    token_prefix: z.string().meta({ description: "The first 8 characters of the token, for recognising it." }),
    status: z
      .enum(["active", "revoked", "expired"])
      .describe(
        "active; revoked (by its owner, a password or e-mail change, or removal from the workspace); expired (past expires_at).",
      ),
    workspace_id: z.uuid().describe("The workspace the token reaches."),
    expires_at: timestamp.describe("When the token stops working."),
    last_used_at: timestamp
      .nullable()
      .describe("The token's last use, written at most once a minute; null when never used."),
    revoked_at: timestamp.nullable().describe("When it was revoked; null unless revoked."),
    created_at: timestamp.describe("When it was created."),
  })
  .describe("The credential's fields (never its token).");

export const credentialResource = resource("credentials", credentialAttributes).meta({
  id: "Credential",
  description: "A personal access token (or MCP credential) as its owner sees it later: everything but the token.",
});

export function toCredentialResource(credential: CredentialView): z.infer<typeof credentialResource> {
  return {
    type: "credentials",
    id: credential.id,
    attributes: {
      name: credential.name,
      audience: credential.audience,
      scopes: credential.scopes,
      token_prefix: credential.tokenPrefix,
      status: credential.status,
      workspace_id: credential.workspaceId,
      expires_at: iso(credential.expiresAt),
      last_used_at: iso(credential.lastUsedAt),
      revoked_at: iso(credential.revokedAt),
      created_at: iso(credential.createdAt),
    },
  };
}
