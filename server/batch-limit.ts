/**
 * How many calls one request may carry: a tRPC batch (the dashboard's client splits its batches at
 * this size) or a JSON-RPC batch to the MCP server. Each call is charged to a rate limit before any
 * runs; a larger batch is refused whole (413). No imports: the browser's tRPC client reads it too.
 */
export const MAX_BATCH_CALLS = 20;

/** The refusal's words, for a batch of `count` `things` ("calls", "messages"). */
export function batchTooLargeMessage(count: number, things: string): string {
  return `A batch may hold at most ${MAX_BATCH_CALLS} ${things}; this one holds ${count}. Send the rest in further requests.`;
}
