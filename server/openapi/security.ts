import type { OperationMeta } from "../routers";

/** The two bearer credentials: a personal access token for scripts, a session token for the dashboard. */
export const SECURITY_SCHEMES = {
  personalAccessToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "pfa_<36 base62><6 base62 checksum>",
    description: "A personal access token created with POST /api/v1/programmatic-access/credentials.",
  },
  sessionToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "pfs_<36 base62><6 base62 checksum>",
    description: "A session token from POST /api/v1/auth/sessions or /api/v1/auth/sign-up.",
  },
} as const;

/** The parts of an operation object that say which credential it needs. */
interface SecuredOperation {
  security?: Array<Record<string, string[]>>;
  description?: string;
}

/** The security the operation's credential needs; for a token, its scope in the requirement, the description and `x-` fields. */
export function applySecurity(operation: SecuredOperation, meta: OperationMeta): void {
  if (meta.auth === "pat") {
    // OpenAPI 3.1 lets a bearer scheme's requirement name the roles it needs: the token's scope,
    // one requirement per scope that grants the operation (any one of them will do).
    operation.security = meta.scope
      ? [meta.scope, ...(meta.alsoScopes ?? [])].map((scope) => ({ personalAccessToken: [scope] }))
      : [{ personalAccessToken: [] }];
    const also = (meta.alsoScopes ?? []).map((scope) => ` or \`${scope}\``).join("");
    const scopeLine = meta.scope ? `Required scope: \`${meta.scope}\`${also}.` : "Any valid personal access token.";
    operation.description = [scopeLine, operation.description].filter(Boolean).join("\n\n");
    (operation as Record<string, unknown>)["x-required-scope"] = meta.scope ?? null;
    // Scopes that grant the operation as well (any one of them will do).
    if (meta.alsoScopes?.length) (operation as Record<string, unknown>)["x-also-granted-by"] = meta.alsoScopes;
  } else if (meta.auth === "session") {
    operation.security = [{ sessionToken: [] }];
  } else {
    operation.security = [];
  }
}
