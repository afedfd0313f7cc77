import type { OpenAPIObject } from "trpc-to-openapi";
import { CATEGORISATION_EXAMPLES } from "./examples/categorisation";
import { IDENTITY_EXAMPLES } from "./examples/identity";
import { IMPORT_EXAMPLES } from "./examples/imports";
import { INSIGHT_EXAMPLES } from "./examples/insights";
import { MONEY_EXAMPLES } from "./examples/money";
import { PLANNING_EXAMPLES } from "./examples/planning";
import { REPORT_EXAMPLES } from "./examples/reports";
import { TRANSACTION_EXAMPLES } from "./examples/transactions";
import { WEBHOOK_EXAMPLES } from "./examples/webhooks";

/**
 * A whole request body and a whole success body for one operation. `request` is the JSON body, or
 * for the multipart upload its form fields (the file as its text). `responses` gives the body of a
 * success status that answers differently from `response` (a dry run's 200 beside the 201).
 */
export interface OperationExample {
  request?: unknown;
  response?: unknown;
  responses?: Record<string, unknown>;
}

/**
 * Every operation's example, by operationId. Recorded from the server's own answers on the demo
 * workspace (a fresh database, on 2026-11-25), lists cut to two or three items with every field
 * kept. Tokens and passwords are placeholders: the tokens have the real shape (prefix and 42
 * base62 characters) but say ExampleTokenNotReal and fail their checksum.
 * server/openapi/examples.test.ts validates each against its schema in the document.
 */
export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  ...IDENTITY_EXAMPLES,
  ...MONEY_EXAMPLES,
  ...TRANSACTION_EXAMPLES,
  ...PLANNING_EXAMPLES,
  ...IMPORT_EXAMPLES,
  ...CATEGORISATION_EXAMPLES,
  ...INSIGHT_EXAMPLES,
  ...REPORT_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
};

type MediaTypes = Record<string, { example?: unknown; schema?: { contentMediaType?: unknown } }>;

interface OperationObject {
  operationId?: string;
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { content?: MediaTypes }>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The 2xx responses of an operation that have a body. */
export function successContents(operation: OperationObject): Array<[status: string, content: MediaTypes]> {
  return Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
    /^2\d\d$/.test(status) && response.content ? [[status, response.content] as [string, MediaTypes]] : [],
  );
}

/** Every operation of the document with its method and path. */
export function documentOperations(
  document: OpenAPIObject,
): Array<{ method: string; path: string; operation: OperationObject }> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, OperationObject | undefined>)[method];
      return operation ? [{ method, path, operation }] : [];
    }),
  );
}

/**
 * A copy of the document with each operation's example as `example` on its request body's media
 * types and on every media type of its success responses (a 204 has none): the status's own body
 * from `responses` where there is one, else `response`.
 */
export function withExamples(document: OpenAPIObject): OpenAPIObject {
  const copy = structuredClone(document);
  for (const { operation } of documentOperations(copy)) {
    const example = operation.operationId ? OPERATION_EXAMPLES[operation.operationId] : undefined;
    if (!example) continue;
    if (example.request !== undefined) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) media.example = example.request;
    }
    for (const [status, content] of successContents(operation)) {
      const body = example.responses?.[status] ?? example.response;
      if (body === undefined) continue;
      // A binary file (an export's XLSX) has no example: its schema has no type.
      for (const media of Object.values(content))
        if (media.schema?.contentMediaType === undefined) media.example = body;
    }
  }
  return copy;
}
