/**
 * The context every procedure gets: the request as the procedure builders read it (headers,
 * client address, credential audience) and what they resolve it into (the caller). One
 * createContext for REST, the dashboard's tRPC, the MCP server and the upload route.
 */
import type { OpenApiMeta } from "trpc-to-openapi";
import type { z } from "zod";
import type { Db } from "../db";
import type { Caller, PatCaller } from "../domain/identity/authenticate";
import type { CredentialAudience } from "../domain/identity/credentials";
import type { Scope } from "../domain/identity/scopes";
import type { AppError, ErrorCode } from "../errors";
import { clientAddressOf } from "../http/client-address";
import type { RequestHeaders } from "../http/rest-request";

/** What a procedure may say about itself beyond the OpenAPI operation. */
type AppMeta = {
  /** Status of a successful response (default 200). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Scope a personal access token needs (set by workspaceProcedure). */
  scope?: Scope;
  /** Scopes that grant the operation as well as `scope` (the accounts list: accounts:read too). */
  alsoScopes?: Scope[];
  /**
   * Error codes the procedure answers beyond those of its kind (bad input, authentication, scope,
   * an id in the path, the Idempotency-Key: server/openapi/statuses.ts): what its domain throws.
   */
  errors?: ErrorCode[];
  /** Statuses other than successStatus answered with the output schema (health's 503). */
  alternateStatuses?: number[];
  /** How the caller authenticates, for the OpenAPI document's security requirement. */
  auth?: "none" | "session" | "pat";
  /**
   * A write that takes an Idempotency-Key (set by idempotentWorkspaceProcedure); MCP tools ask for it as an argument.
   * "unless_dry_run": only when its input's dry_run is false (the key is then checked by the procedure).
   */
  idempotent?: boolean | "unless_dry_run";
  /**
   * The surfaces an operation is deliberately not served on, each with the reason; every other
   * operation is on REST (an OpenAPI path), on MCP (a tool) and on the dashboard's tRPC with a
   * session (server/routers/surfaces.test.ts walks them all).
   */
  notOn?: { rest?: string; mcp?: string; dashboard?: string };
  /** The MCP tool's name, where the router path does not make a good one (apply_categorisation_rules). */
  tool?: string;
  /** A POST that changes nothing (suggestions, match counts): an MCP tool with readOnlyHint. */
  readOnly?: true;
  /**
   * The whole REST answer of an operation that takes no input and no credential, given without
   * the procedure machinery (server/http/rest-handler.ts): health, which load balancers call
   * several times a second. The procedure answers through the same function.
   */
  direct?: (db: Db) => Promise<DirectAnswer>;
  /**
   * The operation answers a file (server/routers/shared/exported-file.ts): REST sends its bytes
   * with its media type and an attachment file name instead of the JSON object.
   */
  file?: true;
};

/** An answer a procedure's `direct` gives: status, extra headers, and the body the output schema describes. */
export interface DirectAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type Meta = OpenApiMeta<AppMeta>;

/** Mutable response details a procedure can set (status, headers). */
export interface ResponseControl {
  status?: number;
  headers: Headers;
}

export interface Context {
  db: Db;
  requestId: string;
  /** The raw Authorization header; the procedure builders resolve it into `caller`. */
  authorization: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** The raw Idempotency-Key header; idempotentWorkspaceProcedure validates it. */
  idempotencyKey: string | null;
  /** Which personal access tokens this surface takes: REST programmatic_api (pfa_), the MCP server mcp (pfm_). */
  credentialAudience: CredentialAudience;
  /**
   * Whether a workspace operation also takes a session token: on the dashboard's tRPC surface,
   * where the signed-in member calls the same operations REST and MCP serve; never on REST or MCP.
   */
  acceptsSessions: boolean;
  response: ResponseControl;
  caller: Caller;
  /**
   * A request body the REST adapter could not take (malformed JSON, not JSON): answered 400 after
   * authentication and scope, in the CONTRACT's order, by the procedure's input check.
   */
  bodyProblem: AppError | null;
  /**
   * A body the REST adapter reads only once the caller is authorized (multipart: a statement
   * file): inputChecked reads it into the procedure's input, after authentication, scope and the
   * Idempotency-Key, so a stranger's 10 MiB is never read.
   */
  readBody: (() => Promise<Record<string, unknown>>) | null;
  /**
   * The operation's input schema, when the surface refuses fields it does not name (REST and MCP,
   * CONTRACT "Strictness"): inputChecked answers 400 naming each. Null on the dashboard's tRPC,
   * whose client is built from the same schemas.
   */
  strictInput: z.ZodType | null;
}

export interface CreateContextOptions {
  db: Db;
  requestId: string;
  headers: RequestHeaders;
  response?: ResponseControl;
  bodyProblem?: AppError | null;
  credentialAudience?: CredentialAudience;
  acceptsSessions?: boolean;
  readBody?: Context["readBody"];
  strictInput?: z.ZodType | null;
  /** A personal access token's caller an adapter authorized already (authorizePat); anonymous otherwise. */
  caller?: PatCaller;
}

export function createContext(options: CreateContextOptions): Context {
  const {
    db,
    requestId,
    headers,
    response,
    bodyProblem,
    credentialAudience,
    acceptsSessions,
    readBody,
    strictInput,
    caller,
  } = options;
  return {
    db,
    requestId,
    authorization: headers.get("authorization"),
    clientAddress: clientAddressOf(headers),
    userAgent: headers.get("user-agent"),
    idempotencyKey: headers.get("idempotency-key"),
    credentialAudience: credentialAudience ?? "programmatic_api",
    acceptsSessions: acceptsSessions ?? false,
    response: response ?? { headers: new Headers() },
    caller: caller ?? { kind: "anonymous" },
    bodyProblem: bodyProblem ?? null,
    readBody: readBody ?? null,
    strictInput: strictInput ?? null,
  };
}
