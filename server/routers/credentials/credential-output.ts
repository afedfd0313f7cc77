import { z } from "zod";
import type { CredentialView } from "../../domain/identity/credentials";
import { iso, resource, timestamp } from "../shared/schemas";

export const credentialAttributes = z.object({
  name: z.string(),
  audience: z.enum(["programmatic_api", "mcp"]),
  scopes: z.array(z.string()),
  token_prefix: z.string().meta({ description: "The first 8 characters of the token, for recognising it." }),
  status: z.enum(["active", "revoked", "expired"]),
  workspace_id: z.uuid(),
  expires_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  created_at: timestamp,
});

export const credentialResource = resource("credentials", credentialAttributes);

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
