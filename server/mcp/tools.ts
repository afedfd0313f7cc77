/**
 * The MCP server's tools, made from the workspace operations themselves (every procedure a
 * personal access token calls, unless its meta says why it is not on MCP): each is a tool with its summary and description,
 * its input's JSON schema and its scope, called through the same procedure (authentication, scope,
 * rate limit, idempotency and validation all happen there). Nothing about an operation is written
 * twice: a new programmatic procedure is a new tool.
 */
import { z } from "zod";
import { AppError } from "../errors";
import { dropFormatPatterns } from "../openapi/compact";
import { ERROR_BODY, inToolWords } from "./errors";
import { workflowTools, type Workflow } from "./workflows";
import { receivedFileName } from "../http/multipart-headers";
import { parseOptionsJsonSchema } from "../routers/imports/parse-options-schemas";
import { MAX_FILE_NAME_LENGTH, PARSE_OPTIONS_REF } from "../routers/imports/upload-schemas";
import { fileFieldsOf, type FileField } from "../routers/shared/file-fields";
import { KEY_MAX_LENGTH, KEY_MIN_LENGTH, KEY_PATTERN } from "../domain/idempotency/idempotency";
import type { PatCaller } from "../domain/identity/authenticate";
import type { Scope } from "../domain/identity/scopes";
import { procedureEntries } from "../routers";
import { summaryParts } from "../routers/operation-summary";
import type { Meta } from "../trpc/context";

export interface ToolDefinition {
  name: string;
  /** A short human name for the host's interface: the operation's summary. */
  title: string;
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
  /** The procedure's path in the router ("accounts.list"); null for a workflow tool. */
  procedure: string | null;
  /** A workflow tool's steps (workflows.ts), which run other tools. */
  workflow?: Workflow;
  /** The tool's dry_run is true unless the call says false (a write that can be tried first). */
  dryRunByDefault: boolean;
  /** The procedure's input schema: a call's arguments (files made File) are checked against it for names it does not know. */
  input: z.ZodType | null;
  /** The procedure's file fields, which the tool takes as `<field>_name` with `<field>_text` or `<field>_base64`. */
  fileFields: FileField[];
  /** A wide list's item fields (its attributes', or its own): the tool takes `fields`, a selection of them. */
  itemFields: string[] | null;
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
  description: "Your key for this write (a UUID); a retry with it never writes twice.",
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
  // A pattern beside any format (a uuid's 170-character expression, a date's, a timestamp's) says again
  // what the format says: left out, as 7 KB of every tools/list.
  for (const property of Object.values(properties)) dropFormatPatterns(property);
  // And in the shapes the arguments share ($defs: a bulk write's row).
  dropFormatPatterns(rest.$defs);
  if (idempotent) {
    properties.idempotency_key = IDEMPOTENCY_KEY;
    if (!keyOptional) required.push("idempotency_key");
  }
  return { ...rest, type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** A 204 operation's answer (discard_import). */
const NO_CONTENT = {
  type: "object",
  properties: { ok: { type: "boolean", const: true } },
  required: ["ok"],
  additionalProperties: false,
};

type JsonSchema = Record<string, unknown>;

/** The JSON types a schema allows, through references, unions and nullables; null when it does not say. */
function typesOf(schema: JsonSchema, defs: Record<string, JsonSchema>): string[] | null {
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const target = defs[ref.replace("#/$defs/", "")];
    return target ? typesOf(target, defs) : null;
  }
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (schema.const === null) return ["null"];
  const members = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!members) return null;
  const types = new Set<string>();
  for (const member of members) {
    const memberTypes = typesOf(member, defs);
    if (!memberTypes) return null;
    for (const type of memberTypes) types.add(type);
  }
  return [...types];
}

/**
 * The answer's top level: its fields and their JSON types, nothing deeper. Each tool's schema must
 * stand alone (MCP has no schemas shared between tools), so full schemas would repeat the shared
 * resources in every tool: 512 KB for all tools, where the whole list is now under 80 KB. The
 * full shapes are the OpenAPI document's (docs/mcp.md, "What tools/list holds").
 */
function answerShape(answer: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const properties = (answer.properties ?? {}) as Record<string, JsonSchema>;
  const shaped = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => {
      const types = typesOf(field, defs);
      return [name, types ? { type: types.length === 1 ? types[0] : types } : {}];
    }),
  );
  return { type: "object", properties: shaped, ...(answer.required ? { required: answer.required } : {}) };
}

/**
 * The shape of the procedure's answer, or the error body: hosts (the SDK client among them) validate
 * every structuredContent against it, errors included.
 */
function outputSchemaOf(output: unknown): ToolDefinition["outputSchema"] {
  const { $defs, ...answer } = jsonSchemaOf(output as z.ZodType | undefined, "output");
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  return { type: "object", anyOf: [answer.type === "object" ? answerShape(answer, defs) : NO_CONTENT, ERROR_BODY] };
}

/**
 * The tool's description: what it does, and how a write is retried (tools/list holds only the tools the
 * token's scopes allow). The summary is the tool's `title`, so it is not said again here unless there is
 * nothing else to say (every tool's definition is sent to the model on every turn).
 */
function describe(meta: Meta, idempotent: boolean): string {
  const openapi = meta.openapi!;
  const parts = [openapi.description || titleOf(meta)].filter((part): part is string => Boolean(part));
  const saysKey = /Idempotency-Key/.test(openapi.description ?? "");
  if (meta.idempotent === "unless_dry_run") {
    if (!/dry_run true \(default\)/.test(openapi.description ?? ""))
      parts.push("A dry run unless dry_run is false (then it writes: pass an idempotency_key).");
  } else if (idempotent && !saysKey)
    parts.push("A write: pass an idempotency_key, and the same key again to retry it.");
  return inToolWords(parts.join("\n\n"));
}

/** The operation's summary without the specification's numbering: "List transaction accounts (endpoint 13)" -> "List transaction accounts". */
function titleOf(meta: Meta): string {
  return summaryParts(meta.openapi?.summary).plain;
}

/** An argument's schema above this size (with the definitions it refers to) is given in full once, in the first tool that takes it. */
const SHARED_SCHEMA_BYTES = 2_000;

/** The names of the `#/$defs/...` definitions a schema refers to, and those they refer to in turn. */
function definitionsUsed(schema: unknown, defs: Record<string, JsonSchema>, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) definitionsUsed(item, defs, into);
  } else if (typeof schema === "object" && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const name = value.slice("#/$defs/".length);
        if (!into.has(name) && defs[name]) {
          into.add(name);
          definitionsUsed(defs[name], defs, into);
        }
      } else definitionsUsed(value, defs, into);
    }
  }
  return into;
}

/**
 * Leaves out an argument's large schema that an earlier tool of the same scopes already gave (the
 * parse options of create_import, taken again by reparse_import; a rule's conditions, taken again
 * by update_categorisation_rule): the argument keeps its type and description and names the tool
 * whose schema to read, and definitions nothing refers to any more go. A tool of other scopes keeps
 * its own copy: a token that lists it may not list the other (count_rule_matches is rules:read). 2-6 KB less per repeat in tools/list; the
 * procedure checks the argument in full either way.
 */
function shareLargeSchemas(tools: ToolDefinition[]): ToolDefinition[] {
  const firstWith = new Map<string, string>();
  for (const tool of tools) {
    // Only a tool every token that lists this one lists too: the same scopes.
    const scopes = JSON.stringify([tool.scope ?? null, ...[...tool.alsoScopes].sort()]);
    const defs = (tool.inputSchema.$defs ?? {}) as Record<string, JsonSchema>;
    let shared = false;
    for (const [name, property] of Object.entries(tool.inputSchema.properties) as Array<[string, JsonSchema]>) {
      const { description, ...schema } = (property.contentSchema ?? property) as JsonSchema;
      const used = [...definitionsUsed(schema, defs)].sort().map((definition) => [definition, defs[definition]]);
      const key = JSON.stringify([scopes, schema, used]);
      if (key.length < SHARED_SCHEMA_BYTES) continue;
      const first = firstWith.get(key);
      if (!first) {
        firstWith.set(key, `${tool.name}'s ${name}`);
        continue;
      }
      const said = typeof property.description === "string" ? property.description : description;
      const type = property.type ?? (property.$ref ? "object" : undefined);
      tool.inputSchema.properties[name] = {
        ...(type ? { type } : {}),
        description: `${said ?? ""} The same schema as ${first}.`.trim(),
      };
      shared = true;
    }
    if (!shared || !tool.inputSchema.$defs) continue;
    const stillUsed = definitionsUsed(tool.inputSchema.properties, defs);
    const kept = Object.fromEntries(Object.entries(defs).filter(([definition]) => stillUsed.has(definition)));
    if (Object.keys(kept).length > 0) tool.inputSchema.$defs = kept;
    else delete tool.inputSchema.$defs;
  }
  return tools;
}

/** A list whose items have at least this many fields takes `fields` (accounts 33, wallets 36, budgets 21, categories 18). */
const WIDE_ITEM_FIELDS = 12;

/** The fields of a list's item (`data: [...]`): its attributes' when it has them, else its own but `id`; null for other answers. */
function listItemFields(output: unknown): string[] | null {
  const { $defs, ...answer } = jsonSchemaOf(output as z.ZodType | undefined, "output");
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    typeof schema?.$ref === "string" ? resolve(defs[schema.$ref.replace("#/$defs/", "")]) : schema;
  const data = resolve((answer.properties as Record<string, JsonSchema> | undefined)?.data);
  if (data?.type !== "array") return null;
  const item = resolve(data.items as JsonSchema | undefined);
  const own = (item?.properties ?? {}) as Record<string, JsonSchema>;
  const attributes = resolve(own.attributes);
  const fields = Object.keys((attributes?.properties as JsonSchema | undefined) ?? own).filter((name) => name !== "id");
  return fields.length >= WIDE_ITEM_FIELDS ? fields : null;
}

/** The `fields` argument of a wide list's tool. */
const FIELDS_ARGUMENT = {
  type: "array",
  items: { type: "string" },
  minItems: 1,
  uniqueItems: true,
  description:
    'Only these fields of each item (id always comes), e.g. ["name", "balance"]: a smaller result. Default: all.',
};

/** A wide list's `fields`, when given: field names of its items, else 400 naming those it does not have. */
export function checkFields(tool: ToolDefinition, fields: unknown): void {
  if (fields === undefined || !tool.itemFields) return;
  if (!Array.isArray(fields) || fields.length === 0 || fields.some((field) => typeof field !== "string"))
    throw new AppError("VALIDATION_FAILED", "Validation failed: fields: must be a list of field names");
  const known = new Set(tool.itemFields);
  const unknown = fields.filter((field) => !known.has(field as string));
  if (unknown.length > 0)
    throw new AppError(
      "VALIDATION_FAILED",
      `Validation failed: fields: ${unknown.join(", ")} ${unknown.length === 1 ? "is not a field" : "are not fields"} ` +
        `of this list's items; they are ${tool.itemFields.join(", ")}`,
    );
}

/** A wide list's answer with each item cut to the checked `fields` (its `attributes`' when it has them), id and type kept. */
export function selectFields(tool: ToolDefinition, fields: unknown, answer: unknown): unknown {
  if (!Array.isArray(fields) || !tool.itemFields) return answer;
  const keep = (record: Record<string, unknown>, always: string[]) =>
    Object.fromEntries(Object.entries(record).filter(([name]) => always.includes(name) || fields.includes(name)));
  const body = answer as { data?: unknown };
  if (!Array.isArray(body?.data)) return answer;
  return {
    ...body,
    data: body.data.map((item: Record<string, unknown>) =>
      item.attributes && typeof item.attributes === "object"
        ? { ...keep(item, ["id", "type"]), attributes: keep(item.attributes as Record<string, unknown>, []) }
        : keep(item, ["id", "type"]),
    ),
  };
}

/**
 * A write that can be tried first is tried first on MCP: its dry_run is true unless the call says
 * false (REST's transaction writes default to false), so an assistant sees what would change before
 * anything does.
 */
function dryRunFirst(tool: Pick<ToolDefinition, "inputSchema" | "outputSchema">): void {
  if (!tool.inputSchema.properties.dry_run) return;
  tool.inputSchema.properties.dry_run = {
    type: "boolean",
    default: true,
    description:
      "true (default): answer what the call would change, and change nothing; false: write (needs an idempotency_key).",
  };
  // The answer says which it was: a dry run answers in the shape of the write (REST tells them apart
  // only by 200 and 201, which a tool result has no place for).
  const [answer, ...refusal] = tool.outputSchema.anyOf as Array<
    JsonSchema & { properties?: Record<string, unknown>; required?: string[] }
  >;
  if (!answer?.properties) return;
  tool.outputSchema.anyOf = [
    {
      ...answer,
      properties: { ...answer.properties, dry_run: { type: "boolean" } },
      required: [...(answer.required ?? []), "dry_run"],
    },
    ...refusal,
  ];
}

/** A dry-run-first tool's answer with `dry_run`: whether the call changed nothing. */
export function markDryRun(tool: ToolDefinition, input: Record<string, unknown>, answer: unknown): unknown {
  if (!tool.dryRunByDefault || !answer || typeof answer !== "object") return answer;
  return { ...answer, dry_run: input.dry_run !== false };
}

let cached: ToolDefinition[] | null = null;

/** Every tool, in the router's order, then the workflow tools (computed once). */
export function mcpTools(): ToolDefinition[] {
  if (cached) return cached;
  const generated = procedureEntries().flatMap(
    ({ path: procedure, meta, inputs: [input], output }): ToolDefinition[] => {
      if (!meta.openapi || meta.auth !== "pat" || meta.notOn?.mcp !== undefined) return [];
      const idempotent = meta.idempotent === true || meta.idempotent === "unless_dry_run";
      const dryRunByDefault = meta.idempotent === "unless_dry_run";
      const fileFields = fileFieldsOf(input);
      const itemFields = meta.openapi.method === "GET" ? listItemFields(output) : null;
      const inputSchema = inputSchemaOf(input, idempotent, dryRunByDefault, fileFields);
      if (itemFields) inputSchema.properties.fields = FIELDS_ARGUMENT;
      const outputSchema = outputSchemaOf(output);
      if (dryRunByDefault) dryRunFirst({ inputSchema, outputSchema });
      return [
        {
          name: meta.tool ?? toolName(procedure),
          title: titleOf(meta),
          description: describe(meta, idempotent),
          inputSchema,
          outputSchema,
          scope: meta.scope,
          alsoScopes: meta.alsoScopes ?? [],
          idempotent,
          readOnly: meta.openapi.method === "GET" || meta.readOnly === true,
          destructive: meta.openapi.method === "DELETE",
          procedure,
          input: (input as z.ZodType | undefined) ?? null,
          fileFields,
          itemFields,
          dryRunByDefault,
        },
      ];
    },
  );
  cached = shareLargeSchemas([...generated, ...workflowTools(generated)]);
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
  if (tool.dryRunByDefault && input.dry_run === undefined) input.dry_run = true;
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
