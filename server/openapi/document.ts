import { STATUS_CODES } from "node:http";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { ERROR_TABLE, type ErrorCode } from "../errors";
import { appRouter, restOperations } from "../routers";
import { importJobResource } from "../routers/programmatic/imports/import-schema";
import { MAX_PARSE_OPTIONS_BYTES, parseOptionsObject } from "../routers/programmatic/imports/parse-options-schema";
import { sideEffectSchema } from "../routers/shared/idempotent";
import type { Meta } from "../trpc";
import { SERVICE_VERSION } from "../version";

const errorSchema = z
  .object({
    statusCode: z.number().int().meta({ example: 404 }),
    code: z.enum(Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]]),
    message: z.string().meta({ example: "No endpoint answers this path." }),
    error: z.string().meta({ example: "Not Found" }),
    request_id: z.uuid(),
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
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  description?: string;
  parameters?: Array<{ in: string }>;
};

/** `${METHOD} ${path}` -> meta of the procedure behind that operation. */
function metaByOperation(): Map<string, Meta> {
  return new Map(restOperations().map((meta) => [`${meta.openapi.method} ${meta.openapi.path}`, meta]));
}

function errorResponse(status: number) {
  const codes = (Object.keys(ERROR_TABLE) as ErrorCode[]).filter((code) => ERROR_TABLE[code].status === status);
  const example = {
    statusCode: status,
    code: codes[0] ?? "INTERNAL_ERROR",
    message: "A sentence saying what went wrong and, for validation, which field.",
    error: STATUS_CODES[status] ?? "Error",
    request_id: "5f0c6b8e-2a4d-4c3b-9a8e-1d2f3a4b5c6d",
  };
  return {
    description: codes.length > 0 ? `${STATUS_CODES[status]}: ${codes.join(", ")}` : (STATUS_CODES[status] ?? "Error"),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example } },
  };
}

function errorStatuses(meta: Meta, operation: Operation): number[] {
  const statuses = new Set<number>([400, 429, 500]);
  if (meta.auth === "session" || meta.auth === "pat") statuses.add(401);
  if (meta.auth === "pat") statuses.add(403);
  if (operation.parameters?.some((parameter) => parameter.in === "path")) statuses.add(404);
  for (const extra of Object.keys(meta.openapi?.errorResponses ?? {})) statuses.add(Number(extra));
  if (Array.isArray(meta.openapi?.errorResponses)) meta.openapi.errorResponses.forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/** The upload's parse_options as a client writes them: the schema's input side ("tab" as well as a tab character). */
function parseOptionsComponent(): SchemaObject {
  const { $schema: _, ...schema } = z.toJSONSchema(parseOptionsObject, { io: "input", unrepresentable: "any" });
  // JSON Schema 2020-12 is OpenAPI 3.1's dialect; zod's type allows `not: false`, which the OpenAPI type does not spell.
  return schema as SchemaObject;
}

/** The generated OpenAPI 3.1 document, adjusted where the generator cannot express our API. */
export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "Personal Finance API",
    description:
      "Workspace-scoped personal-finance data for scripts, reached with personal access tokens. " +
      "Errors always answer the Error schema. See docs/api.md for the decisions behind each endpoint.",
    version: SERVICE_VERSION,
    openApiVersion: "3.1.0",
    baseUrl,
    securitySchemes: SECURITY_SCHEMES,
    defs: { Error: errorSchema },
  });
  // The generator takes zod schemas only, and would describe this one's output side.
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ParseOptions: parseOptionsComponent() } };
  const metas = metaByOperation();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const meta = metas.get(`${method.toUpperCase()} ${path}`);
      if (!meta) continue;
      const success = value.responses["200"];
      const successStatus = meta.successStatus ?? 200;
      value.responses = {
        [String(successStatus)]: successStatus === 204 ? { description: "No content" } : success,
        ...Object.fromEntries(
          (meta.alternateStatuses ?? []).map((status) => [
            String(status),
            { ...(success as object), description: STATUS_CODES[status] ?? "Alternate response" },
          ]),
        ),
        ...Object.fromEntries(errorStatuses(meta, value).map((status) => [String(status), errorResponse(status)])),
      };
      if (meta.auth === "pat") {
        value.security = [{ personalAccessToken: [] }];
        const scopeLine = meta.scope ? `Required scope: \`${meta.scope}\`.` : "Any valid personal access token.";
        value.description = [scopeLine, value.description].filter(Boolean).join("\n\n");
        (value as Record<string, unknown>)["x-required-scope"] = meta.scope ?? null;
      } else if (meta.auth === "session") {
        value.security = [{ sessionToken: [] }];
      } else {
        value.security = [];
      }
    }
  }
  return document;
}

let cached: { baseUrl: string; document: OpenAPIObject } | undefined;

export function getOpenApiDocument(baseUrl: string): OpenAPIObject {
  if (cached?.baseUrl !== baseUrl) cached = { baseUrl, document: buildOpenApiDocument(baseUrl) };
  return cached.document;
}
