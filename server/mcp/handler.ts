/**
 * The MCP server at /api/v1/mcp (Streamable HTTP, stateless: every POST carries its own bearer
 * token, and any instance answers it, like REST). Authenticated with the spec's second audience,
 * `mcp` credentials (`pfm_` tokens); scopes, rate limits and revocation are the programmatic
 * procedures' own, since every tool call runs one (tools.ts). A token that is not a valid mcp
 * credential is refused before any MCP message is read: 401 in the error body, like REST.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { TRPCError } from "@trpc/server";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { getDatabase, type Database } from "../db";
import type { PatCaller } from "../domain/identity/authenticate";
import { AppError, errorBody, INTERNAL_ERROR_MESSAGE, toAppError } from "../errors";
import { requestIdFor } from "../http/request-id";
import { errorResponse } from "../http/responses";
import { logger } from "../logger";
import { createCaller } from "../routers";
import { authorizePat, createContext, type ResponseControl } from "../trpc";
import { SERVICE_VERSION } from "../version";
import { mcpTools, type ToolDefinition } from "./tools";

const SERVER_INFO = { name: "personal-finance", title: "Personal finance (this workspace)", version: SERVICE_VERSION };

const INSTRUCTIONS =
  "Tools over one workspace's money: accounts and wallets with balances, categories, budgets, goals, recurring rules, " +
  "insights, six reports, statement imports. Amounts are decimal strings in the account's currency; money out is negative. " +
  "Writes take an idempotency_key: reuse it to retry a write safely.";

/** Answers one HTTP request to /api/v1/mcp. */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  const control: ResponseControl = { headers: new Headers() };
  if (request.method !== "POST") {
    // Stateless: no server-to-client stream (GET) and no session to end (DELETE).
    const refusal = new AppError("METHOD_NOT_ALLOWED", "The MCP server is stateless: send each JSON-RPC message with POST.");
    return errorResponse(refusal, requestId, { allow: "POST" });
  }
  let db: Database;
  let caller: PatCaller;
  try {
    db = await getDatabase();
    const ctx = createContext({ db, requestId, headers: request.headers, response: control, credentialAudience: "mcp" });
    caller = await authorizePat(ctx, null);
  } catch (error) {
    return errorResponse(asAppError(error, requestId), requestId, control.headers);
  }
  const server = mcpServerFor(db, caller, request.headers, requestId);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    for (const [name, value] of control.headers) response.headers.set(name, value);
    response.headers.set("x-request-id", requestId);
    return response;
  } catch (error) {
    return errorResponse(asAppError(error, requestId), requestId, control.headers);
  } finally {
    await server.close().catch(() => undefined);
  }
}

function asAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  logger.error({ err: error, requestId, path: "/api/v1/mcp" }, "mcp request failed");
  return toAppError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE, cause: error });
}

/** The tools this credential's scopes allow: a tool it could not call is not listed. */
function allowedTools(caller: PatCaller): ToolDefinition[] {
  return mcpTools().filter((tool) => tool.scope === undefined || caller.scopes.includes(tool.scope));
}

function mcpServerFor(db: Database, caller: PatCaller, headers: Headers, requestId: string): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: allowedTools(caller).map(({ name, description, inputSchema, idempotent }) => ({
      name,
      description,
      inputSchema,
      annotations: { readOnlyHint: !idempotent && !name.startsWith("discard_"), idempotentHint: true, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = allowedTools(caller).find((candidate) => candidate.name === params.name);
    if (!tool) {
      const known = mcpTools().some((candidate) => candidate.name === params.name);
      return toolError(
        known
          ? new AppError("INSUFFICIENT_SCOPE", `This token lacks the scope this tool needs.`)
          : new AppError("RESOURCE_NOT_FOUND", `There is no tool named ${JSON.stringify(params.name)}.`),
        requestId,
      );
    }
    return callTool(db, tool, params.arguments ?? {}, headers, requestId);
  });
  return server;
}

/** Runs the tool's procedure as the credential: the same checks, limits and answers as its REST operation. */
async function callTool(db: Database, tool: ToolDefinition, args: Record<string, unknown>, headers: Headers, requestId: string): Promise<CallToolResult> {
  const { idempotency_key: key, ...input } = args;
  const callHeaders = new Headers(headers);
  callHeaders.delete("idempotency-key");
  if (tool.idempotent && typeof key === "string") callHeaders.set("idempotency-key", key);
  const ctx = createContext({ db, requestId, headers: callHeaders, credentialAudience: "mcp" });
  try {
    let procedure: unknown = createCaller(ctx);
    for (const segment of tool.procedure.split(".")) procedure = (procedure as Record<string, unknown>)[segment];
    const result = await (procedure as (input: unknown) => Promise<unknown>)(input);
    const structured = (result ?? { ok: true }) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    // The procedure's own answer (a TRPCError around the AppError, or a validation error), as REST gives it.
    const answer = error instanceof TRPCError || error instanceof AppError ? toAppError(error) : null;
    if (!answer || (answer.status >= 500 && answer.status !== 503)) {
      logger.error({ err: error, requestId, tool: tool.name }, "mcp tool call failed");
    }
    return toolError(answer ?? toAppError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE, cause: error }), requestId);
  }
}

/** A tool error carrying the error body every surface answers: statusCode, code, message, request_id. */
function toolError(error: AppError, requestId: string): CallToolResult {
  const envelope = errorBody(error.code, error.message, requestId);
  return { isError: true, content: [{ type: "text", text: JSON.stringify(envelope) }], structuredContent: envelope as unknown as Record<string, unknown> };
}

export const MCP_PATH = "/api/v1/mcp";
