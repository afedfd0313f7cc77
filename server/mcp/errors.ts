/**
 * How the MCP server answers a refusal, always with the error body of every surface
 * (`{statusCode, code, message, error, request_id}`): a tool call's as a tool error (isError, the
 * body as structuredContent and as text), a resource read's or a prompt's as a JSON-RPC error whose
 * `data` is the body.
 */
import { ErrorCode, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError, errorBody } from "../errors";

/**
 * What a refused call answers as structuredContent (isError: true): the error body of every surface,
 * by the fields it always has (their types are the error body's; 4 KB of tools/list said them again
 * in every tool).
 */
export const ERROR_BODY = { type: "object", required: ["statusCode", "code", "message"] };

/** MCP's "resource not found" (the spec's code; the SDK has no name for it). */
export const RESOURCE_NOT_FOUND = -32002;

/** A text in a tool's words: REST's Idempotency-Key header is the tool's idempotency_key argument (messages, descriptions). */
export function inToolWords(message: string): string {
  return message
    .replace("The Idempotency-Key header", "The idempotency_key argument")
    .replaceAll("Idempotency-Key", "idempotency_key");
}

export function toolError(error: AppError, requestId: string): CallToolResult {
  const envelope = errorBody(error.code, inToolWords(error.message), requestId, error.issues);
  return {
    isError: true,
    content: [{ type: "text", text: JSON.stringify(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
  };
}

/**
 * A JSON-RPC error for resources/read and prompts/get: 400 -> invalid params, 404 -> `notFound`
 * (the spec's code for the method), 5xx -> internal error, any other refusal (401, 403, 429) ->
 * invalid request. Thrown from a request handler, the SDK sends its code, message and data as they are.
 */
export function rpcError(error: AppError, requestId: string, notFound: number = ErrorCode.InvalidParams): Error {
  const code =
    error.status === 404
      ? notFound
      : error.status === 400
        ? ErrorCode.InvalidParams
        : error.status >= 500
          ? ErrorCode.InternalError
          : ErrorCode.InvalidRequest;
  return Object.assign(new Error(error.message), {
    code,
    data: errorBody(error.code, error.message, requestId, error.issues),
  });
}
