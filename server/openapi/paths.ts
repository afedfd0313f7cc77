import { STATUS_CODES } from "node:http";
import type { OpenAPIObject } from "trpc-to-openapi";
import { restOperations, type OperationMeta } from "../routers";
import { summaryParts } from "../routers/operation-summary";
import { errorCodesOf, errorResponses, headersOf } from "./responses";
import { applySecurity } from "./security";
import { answersNotModified } from "./statuses";
import { MEDIA_TYPES } from "../domain/export/table-file";

type Operation = {
  operationId?: string;
  parameters?: Array<Record<string, unknown>>;
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
  security?: Array<Record<string, string[]>>;
  description?: string;
  summary?: string;
  tags?: string[];
  requestBody?: {
    content?: Record<
      string,
      {
        schema?: { properties?: Record<string, { contentMediaType?: string; format?: string; description?: string }> };
        encoding?: Record<string, { contentType: string }>;
      }
    >;
  };
};

/** `${METHOD} ${path}` -> meta of the procedure behind that operation. */
function metaByOperation(): Map<string, OperationMeta> {
  return new Map(restOperations().map((meta) => [`${meta.openapi.method} ${meta.openapi.path}`, meta]));
}

/** Completes, in place, every operation of `document` that a REST procedure answers. */
export function completePaths(document: OpenAPIObject): void {
  const metas = metaByOperation();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const meta = metas.get(`${method.toUpperCase()} ${path}`);
      if (!meta) continue;
      completeOperation(value, meta);
    }
  }
}

/** A file part as OpenAPI 3.1 says raw binary: a schema without `type`, its bytes' media type only. */
const RAW_BINARY = "application/octet-stream";

/**
 * Completes a multipart form in OpenAPI 3.1's words:
 * - a file part (zod's `format: binary` string) is raw binary, a schema without `type` (OAS 3.1.1,
 *   "Working with Binary Data"), so a generated client takes a Blob or File as it is:
 *   openapi-typescript's CLI types it `unknown`, where `string` refused a Blob. Its size limit is in
 *   its description (maxLength counts characters of a string, not bytes);
 * - a part whose text is JSON (parse_options) says so in the form's `encoding`, so a generator sends
 *   that part as application/json (text/plain is read the same way).
 */
function completeForm(operation: Operation): void {
  const form = operation.requestBody?.content?.["multipart/form-data"];
  const properties = form?.schema?.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.format !== "binary") continue;
    properties[name] = { description: property.description, contentMediaType: RAW_BINARY };
  }
  const encoding = Object.fromEntries(
    Object.entries(properties).flatMap(([name, property]) =>
      property.contentMediaType && property.contentMediaType !== RAW_BINARY
        ? [[name, { contentType: property.contentMediaType }]]
        : [],
    ),
  );
  if (form && Object.keys(encoding).length > 0) form.encoding = encoding;
}

/** A GET's conditional request: the ETag of the answer the client holds. */
const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of an earlier answer: 304 Not Modified, without a body, while the answer is the same.",
  schema: { type: "string" },
  example: '"q2Yx1nC0mTq8oX1Y3b9lKZ0wq4M"',
};

/**
 * A file operation's success (meta `file`): the file's bytes in its media type, named by
 * Content-Disposition, instead of the JSON object the dashboard's tRPC gets.
 */
function answerAsFile(success: Operation["responses"][string]): void {
  success.content = {
    "text/csv": {
      schema: { type: "string" },
      example: "date,type,amount,currency_code\r\n2026-11-21,expense,-12.50,EUR",
    },
    [MEDIA_TYPES.xlsx]: { schema: { contentMediaType: MEDIA_TYPES.xlsx } },
  };
  success.headers = {
    ...success.headers,
    "Content-Disposition": {
      description: "attachment, with the file's name (transactions-YYYY-MM-DD.csv or .xlsx).",
      schema: { type: "string" },
      example: 'attachment; filename="transactions-2026-11-28.csv"',
    },
  };
}

/** Every status with its headers, and the security the operation's credential needs. */
function completeOperation(operation: Operation, meta: OperationMeta): void {
  completeForm(operation);
  // The summary a reader sees is plain; where the operation comes from is an x- field.
  const { plain, endpoint, extension } = summaryParts(operation.summary);
  operation.summary = plain;
  if (endpoint !== null) (operation as Operation & { "x-spec-endpoint"?: number })["x-spec-endpoint"] = endpoint;
  if (extension) (operation as Operation & { "x-extension"?: boolean })["x-extension"] = true;
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
    ...(answersNotModified(meta)
      ? {
          "304": {
            description: "Not Modified: the answer is still the one whose ETag If-None-Match gave; no body.",
            headers: headersOf(304, meta),
          },
        }
      : {}),
    ...errorResponses(meta),
  };
  // Which of a shared error response's codes this operation answers.
  (operation as Operation & { "x-error-codes"?: unknown })["x-error-codes"] = errorCodesOf(meta);
  if (answersNotModified(meta)) operation.parameters = [...(operation.parameters ?? []), IF_NONE_MATCH];
  if (meta.file) answerAsFile(operation.responses["200"]!);
  applySecurity(operation, meta);
}
