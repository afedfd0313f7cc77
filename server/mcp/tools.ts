/**
 * The MCP server's tools, made from the workspace operations themselves (every procedure a
 * personal access token calls, unless its meta says why it is not on MCP): each is a tool with its summary and description,
 * its input's JSON schema and its scope, called through the same procedure (authentication, scope,
 * rate limit, idempotency and validation all happen there). Nothing about an operation is written
 * twice: a new programmatic procedure is a new tool.
 */
import { z } from "zod";
import { AppError, ERROR_TABLE } from "../errors";
import { receivedFileName } from "../http/multipart-headers";
import { parseOptionsJsonSchema } from "../routers/imports/parse-options-schemas";
import { MAX_FILE_NAME_LENGTH, PARSE_OPTIONS_REF } from "../routers/imports/upload-schemas";
import { fileFieldsOf, type FileField } from "../routers/shared/file-fields";
import { KEY_MAX_LENGTH, KEY_MIN_LENGTH, KEY_PATTERN } from "../domain/idempotency/idempotency";
import type { PatCaller } from "../domain/identity/authenticate";
import type { Scope } from "../domain/identity/scopes";
import { procedureEntries } from "../routers";
import type { Meta } from "../trpc/context";

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  /** The procedure's answer (REST's success body), or the error body of a refused call. */
  outputSchema: { type: "object"; anyOf: unknown[]; [key: string]: unknown };
  scope: Scope | undefined;
  /** Scopes that grant the tool as well as `scope`. */
  alsoScopes: Scope[];
  idempotent: boolean;
  /** Changes nothing: a GET, or a POST that only computes (suggestions, match counts). */
  readOnly: boolean;
  /** Deletes or discards something. */
  destructive: boolean;
  /** The procedure's path in the router ("accounts.list"). */
  procedure: string;
  /** The procedure's input schema: a call's arguments (files made File) are checked against it for names it does not know. */
  input: z.ZodType | null;
  /** The procedure's file fields, which the tool takes as `<field>_name` with `<field>_text` or `<field>_base64`. */
  fileFields: FileField[];
}

const VERBS = new Set(["list", "get", "create", "update", "delete", "confirm", "reparse", "discard", "revert", "undo"]);

const snake = (word: string) =>
  word
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();

/** "accounts.list" -> list_accounts, "imports.confirm" -> confirm_import, "reports.cashFlowSummary" -> report_cash_flow_summary. */
function toolName(procedure: string): string {
  const [group = "", action = ""] = procedure.split(".");
  if (group === "reports") return `report_${snake(action)}`;
  if (!VERBS.has(action)) return `${snake(group)}_${snake(action)}`;
  const resource = snake(group);
  return `${action}_${action === "list" ? resource : resource.replace(/s$/, "")}`;
}

/** The REST Idempotency-Key's rules (validateIdempotencyKey), as the argument that carries it. */
const IDEMPOTENCY_KEY = {
  type: "string",
  minLength: KEY_MIN_LENGTH,
  maxLength: KEY_MAX_LENGTH,
  pattern: KEY_PATTERN.source,
  description:
    `A key you choose for this write, ${KEY_MIN_LENGTH} to ${KEY_MAX_LENGTH} printable characters without spaces (e.g. a UUID). ` +
    "Send the same key to retry it safely: the same key with the same arguments answers the first result again instead of writing twice.",
};

/** A zod schema as JSON Schema, without the `$schema` dialect line (MCP hosts read plain JSON Schema). */
function jsonSchemaOf(schema: z.ZodType | undefined, io: "input" | "output"): Record<string, unknown> {
  if (!schema) return {};
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** A file as arguments a model can write: its name, and its content as text or as base64. */
function fileArguments({ key, maxBytes }: FileField) {
  const size = `at most ${maxBytes / 1024 / 1024} MiB`;
  return {
    [`${key}_name`]: {
      type: "string",
      minLength: 1,
      maxLength: MAX_FILE_NAME_LENGTH,
      description: "The file's name with its extension (statement.csv, export.xlsx): it tells the file's type.",
    },
    [`${key}_text`]: {
      type: "string",
      description: `The file's content as text (CSV, OFX, QFX, MT940, CAMT, QIF), ${size}. Send this or ${key}_base64.`,
    },
    [`${key}_base64`]: {
      type: "string",
      contentEncoding: "base64",
      description: `The file's bytes in base64 (any type, Excel included), ${size}. Send this or ${key}_text.`,
    },
  };
}

function inputSchemaOf(
  input: unknown,
  idempotent: boolean,
  keyOptional: boolean,
  fileFields: FileField[],
): ToolDefinition["inputSchema"] {
  const rest = jsonSchemaOf(input as z.ZodType | undefined, "input");
  const properties = { ...((rest.properties as Record<string, unknown> | undefined) ?? {}) };
  let required = [...((rest.required as string[] | undefined) ?? [])];
  for (const field of fileFields) {
    delete properties[field.key];
    Object.assign(properties, fileArguments(field));
    required = [...required.filter((name) => name !== field.key), `${field.key}_name`];
  }
  // A JSON-text field points at the OpenAPI document's component; a tool's schema stands alone.
  for (const property of Object.values(properties) as Array<{ contentSchema?: { $ref?: string } }>) {
    if (property.contentSchema?.$ref === PARSE_OPTIONS_REF) property.contentSchema = parseOptionsJsonSchema();
  }
  if (idempotent) {
    properties.idempotency_key = IDEMPOTENCY_KEY;
    if (!keyOptional) required.push("idempotency_key");
  }
  return { ...rest, type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** What a refused call answers as structuredContent (isError: true): the error body of every surface. */
const ERROR_BODY = {
  type: "object",
  description: "A refused call (isError: true): the error body REST answers.",
  properties: {
    statusCode: { type: "integer" },
    code: { type: "string", enum: Object.keys(ERROR_TABLE) },
    message: { type: "string" },
    error: { type: "string" },
    request_id: { type: "string" },
  },
  required: ["statusCode", "code", "message", "error", "request_id"],
};

/** A 204 operation's answer (discard_import). */
const NO_CONTENT = {
  type: "object",
  properties: { ok: { type: "boolean", const: true } },
  required: ["ok"],
  additionalProperties: false,
};

/**
 * The procedure's output schema, or the error body: hosts (the SDK client among them) validate
 * every structuredContent against it, errors included. Shared definitions stay at the root, where
 * their `#/$defs/...` references point.
 */
function outputSchemaOf(output: unknown): ToolDefinition["outputSchema"] {
  const { $defs, ...answer } = jsonSchemaOf(output as z.ZodType | undefined, "output");
  return {
    type: "object",
    anyOf: [answer.type === "object" ? answer : NO_CONTENT, ERROR_BODY],
    ...($defs ? { $defs } : {}),
  };
}

function describe(meta: Meta, idempotent: boolean): string {
  const openapi = meta.openapi!;
  const parts = [openapi.summary, openapi.description].filter((part): part is string => Boolean(part));
  if (meta.scope) parts.push(`Needs the token scope ${[meta.scope, ...(meta.alsoScopes ?? [])].join(" or ")}.`);
  if (meta.idempotent === "unless_dry_run")
    parts.push("With dry_run false it writes: pass an idempotency_key, and the same key again to retry it.");
  else if (idempotent) parts.push("A write: pass an idempotency_key, and the same key again to retry it.");
  return parts.join("\n\n");
}

let cached: ToolDefinition[] | null = null;

/** Every tool, in the router's order (computed once). */
export function mcpTools(): ToolDefinition[] {
  cached ??= procedureEntries().flatMap(({ path: procedure, meta, inputs: [input], output }) => {
    if (!meta.openapi || meta.auth !== "pat" || meta.notOn?.mcp !== undefined) return [];
    const idempotent = meta.idempotent === true || meta.idempotent === "unless_dry_run";
    const fileFields = fileFieldsOf(input);
    return [
      {
        name: meta.tool ?? toolName(procedure),
        description: describe(meta, idempotent),
        inputSchema: inputSchemaOf(input, idempotent, meta.idempotent === "unless_dry_run", fileFields),
        outputSchema: outputSchemaOf(output),
        scope: meta.scope,
        alsoScopes: meta.alsoScopes ?? [],
        idempotent,
        readOnly: meta.openapi.method === "GET" || meta.readOnly === true,
        destructive: meta.openapi.method === "DELETE",
        procedure,
        input: (input as z.ZodType | undefined) ?? null,
        fileFields,
      },
    ];
  });
  return cached;
}

/** The tools this credential's scopes allow: a tool it could not call is not listed. */
export function allowedTools(caller: PatCaller): ToolDefinition[] {
  return mcpTools().filter(
    (tool) =>
      tool.scope === undefined || [tool.scope, ...tool.alsoScopes].some((scope) => caller.scopes.includes(scope)),
  );
}

/** Whether the credential may call every one of these tools (a resource or prompt built on them is offered only then). */
export function mayCallAll(caller: PatCaller, names: readonly string[]): boolean {
  const allowed = new Set(allowedTools(caller).map((tool) => tool.name));
  return names.every((name) => allowed.has(name));
}

/**
 * A tool call's arguments as the procedure's input: each file from its name and its text or
 * base64 content (400 naming the argument when neither or both come, 413 above the field's size,
 * judged before anything is decoded), the rest as given.
 */
export function toolInput(tool: ToolDefinition, args: Record<string, unknown>): Record<string, unknown> {
  const input = { ...args };
  for (const { key, maxBytes } of tool.fileFields) {
    const name = input[`${key}_name`];
    const text = input[`${key}_text`];
    const base64 = input[`${key}_base64`];
    for (const suffix of ["_name", "_text", "_base64"]) delete input[`${key}${suffix}`];
    if (typeof name !== "string" || name.trim() === "")
      throw invalidFile(`${key}_name`, "is required: the file's name with its extension");
    if ((text === undefined) === (base64 === undefined))
      throw invalidFile(`${key}_text`, `send the content as ${key}_text or as ${key}_base64, one of them`);
    if (text !== undefined && typeof text !== "string") throw invalidFile(`${key}_text`, "must be a string");
    if (base64 !== undefined && typeof base64 !== "string") throw invalidFile(`${key}_base64`, "must be a string");
    const isText = typeof text === "string";
    const content = isText ? text : (base64 as string).replace(/\s+/g, "");
    const size = isText ? Buffer.byteLength(content, "utf8") : Math.floor((content.length * 3) / 4);
    if (size > maxBytes)
      throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${maxBytes / 1024 / 1024} MiB.`);
    if (!isText && !isBase64(content))
      throw invalidFile(`${key}_base64`, "must be base64 (A-Z, a-z, 0-9, +, / and = padding)");
    const bytes = Buffer.from(content, isText ? "utf8" : "base64");
    // The name as the multipart upload keeps it: its last path segment, without control characters.
    input[key] = new File([bytes as Uint8Array<ArrayBuffer>], receivedFileName(name));
  }
  return input;
}

/** Standard base64, checked in linear time (a pattern over megabytes would exhaust the stack). */
function isBase64(text: string): boolean {
  return text.length % 4 === 0 && !/[^A-Za-z0-9+/=]/.test(text) && /^[^=]*={0,2}$/.test(text);
}

const invalidFile = (argument: string, message: string) =>
  new AppError("VALIDATION_FAILED", `Validation failed: ${argument}: ${message}`);
