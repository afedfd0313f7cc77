/**
 * The MCP server at /api/v1/mcp (Streamable HTTP, stateless: every POST carries its own bearer
 * token, and any instance answers it, like REST). Authenticated with the spec's second audience,
 * `mcp` credentials (`pfm_` tokens), authorized once per HTTP request (one unit of the rate
 * limit, as a REST request); scopes are the workspace operations' own, since every tool call
 * (tools.ts) and resource read (resources.ts) runs them;
 * prompts (prompts.ts) are offered when the token may call their tools. A token that is not a valid mcp
 * credential is refused before any MCP message is read: 401 in the error body, like REST.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import {
  type CallToolRequest,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { batchTooLargeMessage, MAX_BATCH_CALLS } from "../batch-limit";
import { getDatabase, type Database, type Db } from "../db";
import type { PatCaller } from "../domain/identity/authenticate";
import { AppError } from "../errors";
import { answerBudget, enter, refusal } from "../http/entry";
import { errorResponse, refusalOf } from "../http/responses";
import { appRouter, createCaller } from "../routers";
import { callProcedure } from "../routers/call-procedure";
import { authorizePat, chargePat } from "../trpc/authentication";
import { createContext, type Context } from "../trpc/context";
import { notJsonProblem, readBodyCapped } from "../http/request-body";
import { MAX_STATEMENT_BYTES } from "../routers/imports/upload-schemas";
import { SERVICE_VERSION } from "../version";
import { RESOURCE_NOT_FOUND, rpcError, toolError } from "./errors";
import { resultText } from "./result-text";
import { MCP_PATH, MCP_SERVER_NAME } from "./path";
import { getPrompt, listPrompts } from "./prompts";
import { listResources, readResource } from "./resources";
import { allowedTools, checkFields, markDryRun, mcpTools, selectFields, toolInput, type ToolDefinition } from "./tools";

const SERVER_INFO = { name: MCP_SERVER_NAME, title: "Personal finance (this workspace)", version: SERVICE_VERSION };

const INSTRUCTIONS =
  "Tools over one workspace's money: accounts and wallets with balances, categories, budgets, goals, recurring rules, " +
  "insights, six reports, statement imports. Amounts are decimal strings in the account's currency; money out is negative. " +
  "Writes take an idempotency_key: reuse it to retry a write safely; a write with dry_run tries first unless dry_run is false. " +
  "monthly_overview answers a month at a glance in one call; import_statement uploads a statement, summarises its preview, and books it in a second call. " +
  "Resources: finance://workspace/summary (accounts, wallets, balances) and finance://workspace/categories; prompts: monthly_review, categorise_uncategorised.";

/** Answers one HTTP request to /api/v1/mcp. */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const entry = enter(request);
  const { requestId, control } = entry;
  if (request.method !== "POST") {
    // Stateless: no server-to-client stream (GET) and no session to end (DELETE).
    const refusal = new AppError(
      "METHOD_NOT_ALLOWED",
      "The MCP server is stateless: send each JSON-RPC message with POST.",
    );
    return errorResponse(refusal, requestId, { ...(await answerBudget(entry, request.headers)), allow: "POST" });
  }
  let db: Database;
  let caller: PatCaller;
  let parsedBody: unknown;
  try {
    db = await getDatabase();
    const ctx = createContext({
      db,
      requestId,
      headers: request.headers,
      response: control,
      credentialAudience: "mcp",
    });
    caller = await authorizePat(ctx, null);
    assertJsonExchange(request.headers);
    parsedBody = await readMessages(request);
    assertBatchSize(parsedBody);
    // A batch costs what its messages would one by one: the request paid for the first.
    for (let message = 1; Array.isArray(parsedBody) && message < parsedBody.length; message += 1)
      await chargePat(ctx, caller);
  } catch (error) {
    return refusal(entry, error, { path: MCP_PATH });
  }
  const server = mcpServerFor(db, caller, request.headers, requestId);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(asStreamableHttp(request), { parsedBody });
    for (const [name, value] of control.headers) response.headers.set(name, value);
    response.headers.set("x-request-id", requestId);
    return response;
  } catch (error) {
    return refusal(entry, error, { path: MCP_PATH });
  } finally {
    await server.close().catch(() => undefined);
  }
}

/** An Accept that takes JSON: application/json, application/*, or anything. */
const ACCEPTS_JSON = /(?:^|,)\s*(?:\*\/\*|application\/\*|application\/json)\s*(?:;[^,]*)?(?:,|$)/i;

/**
 * The message must be JSON, and the client must take a JSON answer (an Accept left out takes
 * anything): 400 in the error body, after authentication, as REST refuses a body that is not JSON.
 * The contract has no 406 or 415, which the SDK's transport would answer in its own JSON-RPC shape.
 */
function assertJsonExchange(headers: Headers): void {
  const notJson = notJsonProblem(headers.get("content-type") ?? "");
  if (notJson) throw notJson;
  const accept = headers.get("accept");
  if (accept !== null && accept.trim() !== "" && !ACCEPTS_JSON.test(accept))
    throw new AppError(
      "VALIDATION_FAILED",
      `The MCP server answers application/json: send Accept: application/json (got ${accept.slice(0, 100)}).`,
    );
}

/**
 * The request as the SDK's transport checks it: it requires an Accept naming both JSON and an
 * event stream, which curl's and Python requests' "*\/*" and a plain "application/json" do not,
 * though this server only ever answers JSON (enableJsonResponse). The body was read already.
 */
function asStreamableHttp(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("accept", "application/json, text/event-stream");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: request.method, headers });
}

/** A statement of 10 MiB as base64 (4/3 of it) and the rest of its message. */
const MAX_MESSAGE_BYTES = Math.ceil((MAX_STATEMENT_BYTES * 4) / 3) + 1024 * 1024;

/** The request's JSON-RPC message (or batch), read once the credential is known: at most MAX_MESSAGE_BYTES (413 above). */
async function readMessages(request: Request): Promise<unknown> {
  const bytes = await readBodyCapped(request, MAX_MESSAGE_BYTES);
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new AppError("VALIDATION_FAILED", "The request body is not valid JSON: send a JSON-RPC message.");
  }
}

/** A JSON-RPC batch holds 1 to MAX_BATCH_CALLS messages (400 for an empty one, 413 above), like a tRPC batch. */
function assertBatchSize(body: unknown): void {
  if (!Array.isArray(body)) return;
  if (body.length === 0)
    throw new AppError(
      "VALIDATION_FAILED",
      `The JSON-RPC batch is empty: send one message, or an array of 1 to ${MAX_BATCH_CALLS} messages.`,
    );
  if (body.length > MAX_BATCH_CALLS)
    throw new AppError("PAYLOAD_TOO_LARGE", batchTooLargeMessage(body.length, "messages"));
}

/**
 * A context of this request for the procedures a tool, resource or prompt runs: the credential
 * authorized once per HTTP request (one look-up, one unit of its rate limit, as a REST request
 * spends); each procedure still checks its scope.
 */
function procedureContext(
  db: Db,
  caller: PatCaller,
  headers: Headers,
  requestId: string,
  tool?: { readBody: Context["readBody"]; strictInput: Context["strictInput"] },
) {
  return createContext({ db, requestId, headers, credentialAudience: "mcp", caller, ...tool });
}

/**
 * tools/call as registered: only its method. The SDK checks every tools/call against its own schema
 * and refuses a malformed one (`arguments` that are not an object, a name that is not a string) with
 * -32602, invalid params; registered with that schema, its parse would fail first, as -32603,
 * internal error, which a client takes for the server's fault.
 */
const LOOSE_CALL_TOOL = z.looseObject({ method: z.literal("tools/call") });
/** prompts/get as registered, for the same reason: its params are checked in the handler (-32602, not -32603). */
const LOOSE_GET_PROMPT = z.looseObject({ method: z.literal("prompts/get"), params: z.unknown() });

function mcpServerFor(db: Db, caller: PatCaller, headers: Headers, requestId: string): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: allowedTools(caller).map(
      ({ name, title, description, inputSchema, outputSchema, readOnly, destructive }) => ({
        name,
        title,
        description,
        inputSchema,
        outputSchema,
        // The hints a host reads to decide whether to ask the person first. Destructive and idempotent
        // mean something only for a tool that writes (MCP: tool annotations); every write takes an
        // idempotency_key, so a retry never writes twice. Nothing here reaches outside the workspace.
        annotations: readOnly
          ? { readOnlyHint: true, openWorldHint: false }
          : { readOnlyHint: false, destructiveHint: destructive, idempotentHint: true, openWorldHint: false },
      }),
    ),
  }));
  server.setRequestHandler(LOOSE_CALL_TOOL, async (request) => {
    // The SDK checked the call against its CallToolRequestSchema before this runs (see LOOSE_CALL_TOOL).
    const { params } = request as unknown as CallToolRequest;
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
    return callTool(tool, params.arguments ?? {}, { db, caller, headers, requestId });
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: listResources(caller) }));
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
    try {
      return await readResource(caller, params.uri, createCaller(procedureContext(db, caller, headers, requestId)));
    } catch (error) {
      throw rpcError(refusalOf(error, requestId, { resource: params.uri }), requestId, RESOURCE_NOT_FOUND);
    }
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: listPrompts(caller) }));
  server.setRequestHandler(LOOSE_GET_PROMPT, async (request) => {
    const params = GetPromptRequestSchema.shape.params.safeParse(request.params);
    try {
      // A name that is not a string, or an argument that is not text, is the caller's mistake (-32602).
      if (!params.success)
        throw new AppError(
          "VALIDATION_FAILED",
          "Validation failed: params: prompts/get takes a name and arguments whose values are strings",
        );
      return getPrompt(caller, params.data.name, params.data.arguments ?? {});
    } catch (error) {
      throw rpcError(refusalOf(error, requestId, { prompt: params.data?.name ?? "" }), requestId);
    }
  });
  return server;
}

/** The request's headers with the tool's idempotency_key as the Idempotency-Key a write checks. */
function toolHeaders(tool: ToolDefinition, args: Record<string, unknown> | undefined, headers: Headers): Headers {
  const callHeaders = new Headers(headers);
  callHeaders.delete("idempotency-key");
  const key = args?.idempotency_key;
  if (tool.idempotent && typeof key === "string") callHeaders.set("idempotency-key", key);
  return callHeaders;
}

/** The request a tool call runs in. */
interface CallScope {
  db: Db;
  caller: PatCaller;
  headers: Headers;
  requestId: string;
}

/**
 * Runs a generated tool's procedure as the credential, with the same checks and answers as its REST
 * operation: the arguments become the input after authorization, scope and the idempotency key, as a
 * REST body does. A wide list's `fields` picks what the answer keeps (checked first, so a misspelt
 * field costs no query); the procedure answers in full.
 */
async function runProcedureTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  { db, caller, headers, requestId }: CallScope,
): Promise<unknown> {
  const { idempotency_key: _key, ...rest } = args;
  let input = rest;
  let fields: unknown;
  if (tool.itemFields) ({ fields, ...input } = rest);
  checkFields(tool, fields);
  const ctx = procedureContext(db, caller, toolHeaders(tool, args, headers), requestId, {
    readBody: async () => toolInput(tool, input),
    strictInput: tool.input,
  });
  const answer = await callProcedure(appRouter, ctx, tool.procedure!, {});
  return markDryRun(tool, input, selectFields(tool, fields, answer));
}

/** A tool call's result: the answer as structuredContent and as compact text, or the refusal's error body. */
async function callTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  scope: CallScope,
): Promise<CallToolResult> {
  try {
    const result = tool.workflow
      ? await tool.workflow((name, stepArgs) => {
          const step = mcpTools().find((candidate) => candidate.name === name);
          if (!step) throw new Error(`the workflow ${tool.name} runs ${name}, which is not a tool`);
          return runProcedureTool(step, stepArgs, scope);
        }, args)
      : await runProcedureTool(tool, args, scope);
    const structured = (result ?? { ok: true }) as Record<string, unknown>;
    return { content: [{ type: "text", text: resultText(structured) }], structuredContent: structured };
  } catch (error) {
    return toolError(refusalOf(error, scope.requestId, { tool: tool.name }), scope.requestId);
  }
}
