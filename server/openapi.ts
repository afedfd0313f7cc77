import { STATUS_CODES } from "node:http";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { ERROR_TABLE, type ErrorCode } from "./errors";
import { appRouter, restOperations } from "./routers";
import { importJobResource } from "./routers/programmatic/imports/import-schema";
import { MAX_PARSE_OPTIONS_BYTES, parseOptionsObject } from "./routers/programmatic/imports/parse-options-schema";
import { sideEffectSchema } from "./routers/shared/idempotent";
import type { Meta } from "./trpc";
import { SERVICE_VERSION } from "./version";

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

/** Endpoint 3 is multipart, served by its own route: described here by hand. */
function uploadPath() {
  return {
    "/api/v1/programmatic/imports": {
      post: {
        operationId: "programmatic-imports-upload",
        summary: "Upload a statement import (endpoint 3)",
        description:
          "Required scope: `imports:create`. Needs an Idempotency-Key (the request's identity is account_id, the " +
          "file's name, its SHA-256, amount_semantics and the normalised parse_options). CSV, Excel (.xlsx/.xls), OFX, " +
          "QFX or MT940, at most 10 MiB (413 above). " +
          "Answers 201 with the parsed preview; nothing is booked until the import is confirmed.",
        tags: ["imports"],
        security: [{ personalAccessToken: [] }],
        "x-required-scope": "imports:create",
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header" as const,
            required: true,
            schema: { type: "string" as const, minLength: 16, maxLength: 128 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object" as const,
                required: ["account_id", "file"],
                properties: {
                  account_id: { type: "string" as const, format: "uuid" },
                  file: { type: "string" as const, format: "binary", description: "The statement file, at most 10 MiB." },
                  amount_semantics: {
                    type: "string" as const,
                    enum: ["signed_debit_negative", "signed_debit_positive", "split_columns", "indicator_column"],
                  },
                  parse_options: {
                    type: "string" as const,
                    contentMediaType: "application/json",
                    contentSchema: { $ref: "#/components/schemas/ParseOptions" },
                    maxLength: MAX_PARSE_OPTIONS_BYTES,
                    description:
                      "JSON text of a ParseOptions object: how to read the file (encoding, delimiter, header_row, skip_rows, " +
                      "date_format, decimal_separator, amount_semantics, columns, sheet). Each option given wins over detection; " +
                      "the job's parse_options echoes what the file was read with. At most 4 KiB; unknown keys, wrong types or " +
                      "invalid JSON are 400 VALIDATION_FAILED naming the option (parse_options.columns.amount: ...).",
                    example: JSON.stringify({
                      delimiter: ";",
                      date_format: "DD.MM.YYYY",
                      decimal_separator: ",",
                      columns: { date: "Col A", description: "Col B", amount: "Col C" },
                    }),
                  },
                },
              },
              encoding: { parse_options: { contentType: "application/json, text/plain" } },
            },
          },
        },
        responses: {
          "201": {
            description: "The import job with its preview, and side_effects.",
            content: { "application/json": { schema: z.object({ data: importJobResource, side_effects: z.array(sideEffectSchema) }) } },
          },
          ...Object.fromEntries([400, 401, 403, 409, 413, 429, 500].map((status) => [String(status), errorResponse(status)])),
        },
      },
    },
  };
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
    paths: uploadPath(),
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
