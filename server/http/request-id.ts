import { randomUUID } from "node:crypto";
import type { RequestHeaders } from "./rest-request";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The caller's X-Request-Id when it is a uuid (so a proxy's id carries through), else a new one. */
export function requestIdFor(request: { headers: RequestHeaders }): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && UUID_PATTERN.test(incoming) ? incoming.toLowerCase() : randomUUID();
}
