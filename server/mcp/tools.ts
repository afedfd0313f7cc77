/**
 * The MCP server's tools, made from the programmatic procedures themselves (server/routers/
 * programmatic): each procedure with a REST operation is a tool with its summary and description,
 * its input's JSON schema and its scope, called through the same procedure (authentication, scope,
 * rate limit, idempotency and validation all happen there). Nothing about an operation is written
 * twice: a new programmatic procedure is a new tool.
 */
import { z } from "zod";
import { KEY_MAX_LENGTH, KEY_MIN_LENGTH, KEY_PATTERN } from "../domain/idempotency/idempotency";
import type { Scope } from "../domain/identity/scopes";
import { appRouter } from "../routers";
import type { Meta } from "../trpc";

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  scope: Scope | undefined;
  idempotent: boolean;
  /** The procedure's path in the router ("programmatic.accounts.list"). */
  procedure: string;
}

interface ProcedureDef {
  _def: { meta?: Meta; inputs: z.ZodType[] };
}

const VERBS = new Set(["list", "get", "create", "confirm", "reparse", "discard", "revert"]);

const snake = (word: string) => word.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/-/g, "_").toLowerCase();

/** "programmatic.accounts.list" -> list_accounts, "...imports.confirm" -> confirm_import, "...reports.cashFlowSummary" -> report_cash_flow_summary. */
export function toolName(procedure: string): string {
  const [, group = "", action = ""] = procedure.split(".");
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

function inputSchemaOf(def: ProcedureDef["_def"], idempotent: boolean): ToolDefinition["inputSchema"] {
  const [input] = def.inputs;
  const schema = input ? (z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>) : {};
  const { $schema: _dialect, ...rest } = schema;
  const properties = { ...((rest.properties as Record<string, unknown> | undefined) ?? {}) };
  const required = [...((rest.required as string[] | undefined) ?? [])];
  if (idempotent) {
    properties.idempotency_key = IDEMPOTENCY_KEY;
    required.push("idempotency_key");
  }
  return { ...rest, type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

function describe(meta: Meta, idempotent: boolean): string {
  const openapi = meta.openapi!;
  const parts = [openapi.summary, openapi.description].filter((part): part is string => Boolean(part));
  if (meta.scope) parts.push(`Needs the token scope ${meta.scope}.`);
  if (idempotent) parts.push("A write: pass an idempotency_key, and the same key again to retry it.");
  return parts.join("\n\n");
}

let cached: ToolDefinition[] | null = null;

/** Every tool, in the router's order (computed once). */
export function mcpTools(): ToolDefinition[] {
  cached ??= Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).flatMap(([procedure, { _def }]) => {
    const meta = _def.meta;
    if (!procedure.startsWith("programmatic.") || !meta?.openapi || meta.auth !== "pat") return [];
    const idempotent = meta.idempotent === true;
    return [{ name: toolName(procedure), description: describe(meta, idempotent), inputSchema: inputSchemaOf(_def, idempotent), scope: meta.scope, idempotent, procedure }];
  });
  return cached;
}
