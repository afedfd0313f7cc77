import { STATUS_CODES } from "node:http";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { env } from "../env";
import { ERROR_TABLE, INTERNAL_ERROR_MESSAGE, type ErrorCode } from "../errors";
import { appRouter, restOperations, type OperationMeta } from "../routers";
import { parseOptionsJsonSchema } from "../routers/imports/parse-options-schemas";
import { withExamples } from "./examples";
import { documentedErrorCodes } from "./statuses";
import { SERVICE_VERSION } from "../version";

const errorSchema = z
  .object({
    statusCode: z.number().int().meta({ description: "The HTTP status of the response, repeated.", example: 404 }),
    code: z.enum(Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]]).meta({
      description: "What went wrong, stable for programs to branch on; each response lists the codes it can carry.",
    }),
    message: z.string().meta({
      description: "A sentence for people: what went wrong and, for validation, which field.",
      example: "No endpoint answers this path.",
    }),
    error: z.string().meta({ description: "The status's reason phrase.", example: "Not Found" }),
    request_id: z
      .uuid()
      .meta({ description: "The request's id, as in X-Request-Id: quote it when reporting a problem." }),
  })
  .meta({ id: "Error", description: "The body of every error response; X-Request-Id carries request_id too." });

const SECURITY_SCHEMES = {
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

type SchemaObject = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>[string];

type Operation = {
  operationId?: string;
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
  security?: Array<Record<string, string[]>>;
  description?: string;
  summary?: string;
  tags?: string[];
  requestBody?: {
    content?: Record<
      string,
      {
        schema?: { properties?: Record<string, { contentMediaType?: string }> };
        encoding?: Record<string, { contentType: string }>;
      }
    >;
  };
};

/** `${METHOD} ${path}` -> meta of the procedure behind that operation. */
function metaByOperation(): Map<string, OperationMeta> {
  return new Map(restOperations().map((meta) => [`${meta.openapi.method} ${meta.openapi.path}`, meta]));
}

type HeaderName =
  | "X-Request-Id"
  | "RateLimit-Limit"
  | "RateLimit-Remaining"
  | "RateLimit-Reset"
  | "Retry-After"
  | "Idempotent-Replayed"
  | "Allow";
type HeaderObject = { description: string; schema: Record<string, unknown>; example?: string };

/** The response headers, described once and referenced by every response that carries them. */
const HEADERS: Record<HeaderName, HeaderObject> = {
  "X-Request-Id": {
    description:
      "The request's id (a UUID, or the client's own X-Request-Id when it sent a valid one); error bodies repeat it as request_id.",
    schema: { type: "string" },
  },
  "RateLimit-Limit": {
    description:
      "Requests the budget this request spent allows per window (the token's, the session's or the client address's).",
    schema: { type: "integer", minimum: 1 },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Reset": { description: "Seconds until the window starts again.", schema: { type: "integer", minimum: 1 } },
  "Retry-After": {
    description:
      "Seconds to wait before retrying: on 429 until the budget refills, on 503 while the database cannot be reached.",
    schema: { type: "integer", minimum: 1 },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored answer of an earlier request with the same Idempotency-Key; absent on the first answer.",
    schema: { type: "string", enum: ["true"] },
  },
  Allow: { description: "The methods this path answers.", schema: { type: "string" }, example: "GET, POST" },
};

const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The answers an Idempotency-Key stores and replays: the success and the write's own refusals. */
const REPLAYABLE = (status: number, meta: OperationMeta) =>
  status === (meta.successStatus ?? 200) || (status >= 400 && status < 500 && ![405, 413, 429, 431].includes(status));

/** The headers of a response with `status` (431 comes from the HTTP parser, before any budget is spent). */
function headersOf(status: number, meta: OperationMeta): Record<string, unknown> {
  const names: HeaderName[] = ["X-Request-Id"];
  if (status !== 431) names.push("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
  if (status === 429 || status === 503) names.push("Retry-After");
  if (status === 405) names.push("Allow");
  if (meta.idempotent && REPLAYABLE(status, meta)) names.push("Idempotent-Replayed");
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]));
}

/** A sentence like the server's own for each code, for the examples of the error responses. */
const SAMPLE_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "Validation failed: limit: must be an integer from 1 to 100",
  PROGRAMMATIC_PAGINATION_MODE_CONFLICT: "Use either cursor or page, not both.",
  IDEMPOTENCY_KEY_INVALID: "The Idempotency-Key header is required for this request.",
  IMPORT_FILE_UNREADABLE: "The file could not be read as CSV: no row holds a date and an amount.",
  IMPORT_FILE_TYPE_UNSUPPORTED: "The file is not CSV, Excel, OFX, QFX, MT940, CAMT or QIF.",
  TOKEN_MISSING: "An Authorization: Bearer token is required.",
  TOKEN_INVALID: "The token is not valid.",
  TOKEN_EXPIRED: "The token has expired.",
  TOKEN_REVOKED: "The token has been revoked.",
  INVALID_CREDENTIALS: "The e-mail address or password is wrong.",
  INSUFFICIENT_SCOPE: "This token lacks the scope wallets:read.",
  WORKSPACE_ACCESS_REVOKED: "The token's owner is no longer a member of its workspace.",
  RESOURCE_NOT_FOUND: "No wallet with this id exists in the token's workspace.",
  ROUTE_NOT_FOUND: "No endpoint answers GET /api/v1/programmatic/wallet.",
  METHOD_NOT_ALLOWED: "PUT is not allowed here; use GET.",
  IDEMPOTENCY_KEY_REUSED: "This Idempotency-Key was used for a different request.",
  IDEMPOTENCY_KEY_IN_PROGRESS: "A request with this Idempotency-Key is still being answered; retry shortly.",
  IMPORT_STATE_CONFLICT: "The import is completed; only a parsed import can be confirmed.",
  RULE_APPLICATION_CONFLICT: "Rules are being applied in this workspace already; wait until it has finished.",
  PAYLOAD_TOO_LARGE: "The request body is larger than 10 MiB.",
  DOMAIN_CONSTRAINT_VIOLATION: "The category Groceries is archived; choose an active category.",
  RATE_LIMITED: "Too many requests with this token; retry after the time in Retry-After.",
  INTERNAL_ERROR: INTERNAL_ERROR_MESSAGE,
  REQUEST_HEADERS_TOO_LARGE: "The request line and headers are larger than 16 KiB.",
  SERVICE_UNAVAILABLE: "The database cannot be reached right now; retry in a few seconds.",
};

/** What else answers a status beyond its codes' own meaning. */
const STATUS_NOTES: Partial<Record<number, string>> = {
  405: "Another method on this path; Allow lists the ones it answers.",
  413: "The body (or its declared Content-Length) is over the limit.",
};

function errorResponse(status: number, codes: ErrorCode[], meta: OperationMeta) {
  const examples = Object.fromEntries(
    codes.map((code) => [
      code,
      {
        summary: code,
        value: {
          statusCode: status,
          code,
          message: SAMPLE_MESSAGES[code],
          error: STATUS_CODES[status] ?? "Error",
          request_id: "5f0c6b8e-2a4d-4c3b-9a8e-1d2f3a4b5c6d",
        },
      },
    ]),
  );
  return {
    description: [`${STATUS_CODES[status]}: ${codes.join(", ")}.`, STATUS_NOTES[status]].filter(Boolean).join(" "),
    headers: headersOf(status, meta),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
  };
}

/** The error responses of an operation, one per status, each naming its codes. */
function errorResponses(meta: OperationMeta): Record<string, ReturnType<typeof errorResponse>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of documentedErrorCodes(meta)) {
    const status = ERROR_TABLE[code].status;
    if (meta.alternateStatuses?.includes(status)) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [String(status), errorResponse(status, codes, meta)]),
  );
}

/** The groups of operations, in the order a reader meets them. */
const TAGS = [
  { name: "system", description: "Whether the service and its database answer." },
  {
    name: "auth",
    description:
      "Accounts and sessions: sign-up, sign-in (a session token for the dashboard and token management), password and e-mail changes.",
  },
  {
    name: "credentials",
    description: "Personal access tokens: created and revoked with a session token; a token can read its own record.",
  },
  { name: "members", description: "Who belongs to a workspace, and invitations to join one." },
  {
    name: "accounts",
    description: "The workspace's accounts (asset, expense, income, liability) with their balances.",
  },
  {
    name: "wallets",
    description: "Wallets group accounts per currency; their totals, converted to the home currency.",
  },
  { name: "categories", description: "Spending and income categories, with this month's activity." },
  { name: "transactions", description: "Booked transactions, filtered and paged." },
  {
    name: "categorisation-rules",
    description:
      "Rules that file transactions into categories: kept in order, used by imports, applied to past transactions " +
      "(a dry run first, undoable as one change); and category suggestions from the rules, your own history and category names.",
  },
  { name: "recurring-rules", description: "Bills and income that repeat, with their next occurrence." },
  { name: "goals", description: "Savings goals and their progress." },
  { name: "budgets", description: "Budgets per period with spending, rollover and pace." },
  { name: "transaction-templates", description: "Saved transactions booked again with one call." },
  {
    name: "imports",
    description: "Bank statements (CSV, Excel, OFX, QFX, MT940, CAMT, QIF): upload, preview, confirm, reparse, revert.",
  },
  { name: "insights", description: "Things worth a look, found in the workspace's transactions." },
  {
    name: "reports",
    description: "Cash flow, category drift and heatmap, income stability, recurring and uncategorised spending.",
  },
];

/**
 * Where clients reach the API: PUBLIC_BASE_URL when it is set, else "/" (the server the document
 * was fetched from), never the request's Host header.
 */
function configuredServerUrl(): string {
  return env.PUBLIC_BASE_URL ?? "/";
}

/** The generated OpenAPI 3.1 document, completed where the generator cannot express our API. */
export function buildOpenApiDocument(serverUrl: string = configuredServerUrl()): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "Personal Finance API",
    description:
      "Workspace-scoped personal-finance data for scripts, reached with personal access tokens. " +
      "Errors always answer the Error schema. See docs/api.md for the decisions behind each endpoint.",
    version: SERVICE_VERSION,
    openApiVersion: "3.1.0",
    baseUrl: serverUrl,
    securitySchemes: SECURITY_SCHEMES,
    defs: { Error: errorSchema },
  });
  const absolute = serverUrl !== "/";
  document.info.contact = {
    name: "The Personal Finance API team",
    ...(absolute ? { url: `${serverUrl}/docs/api` } : {}),
  };
  document.info.license = { name: "MIT", identifier: "MIT" };
  document.servers = [
    { url: serverUrl, description: absolute ? "This service" : "The server this document was fetched from" },
  ];
  document.tags = TAGS;
  // The generator's own error components ({message, code, issues}) describe tRPC's errors, not ours.
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")),
  );
  document.components = {
    ...document.components,
    schemas: { ...schemas, ParseOptions: parseOptionsJsonSchema() as SchemaObject },
    headers: HEADERS,
  };
  const metas = metaByOperation();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const meta = metas.get(`${method.toUpperCase()} ${path}`);
      if (!meta) continue;
      completeOperation(value, meta);
    }
  }
  return withExamples(document);
}

/**
 * A multipart field whose text is JSON (parse_options) says so in the form's `encoding`, so a
 * generator sends that part as application/json (text/plain is read the same way).
 */
function addFormEncoding(operation: Operation): void {
  const form = operation.requestBody?.content?.["multipart/form-data"];
  const properties = form?.schema?.properties ?? {};
  const encoding = Object.fromEntries(
    Object.entries(properties).flatMap(([name, property]) =>
      property.contentMediaType ? [[name, { contentType: property.contentMediaType }]] : [],
    ),
  );
  if (form && Object.keys(encoding).length > 0) form.encoding = encoding;
}

/** Every status with its headers, and the security the operation's credential needs. */
function completeOperation(operation: Operation, meta: OperationMeta): void {
  addFormEncoding(operation);
  const success = operation.responses["200"]!;
  const successStatus = meta.successStatus ?? 200;
  operation.responses = {
    [String(successStatus)]:
      successStatus === 204
        ? { description: "No content", headers: headersOf(204, meta) }
        : {
            ...success,
            description: STATUS_CODES[successStatus] ?? "Success",
            headers: headersOf(successStatus, meta),
          },
    ...Object.fromEntries(
      (meta.alternateStatuses ?? []).map((status) => [
        String(status),
        { ...success, description: STATUS_CODES[status] ?? "Alternate response", headers: headersOf(status, meta) },
      ]),
    ),
    ...errorResponses(meta),
  };
  if (meta.auth === "pat") {
    operation.security = [{ personalAccessToken: [] }];
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

let cached: OpenAPIObject | undefined;

/** The document the API serves, built once per process. */
export function getOpenApiDocument(): OpenAPIObject {
  cached ??= buildOpenApiDocument();
  return cached;
}
