import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { env } from "../env";
import type { RequestHeaders } from "./rest-request";
import { resolveClientAddress } from "./trust-proxy";

/**
 * The production server (serve.ts) owns the socket, so it alone knows the peer's address. It
 * resolves the client's address once per request (TRUST_PROXY decides whose X-Forwarded-For is
 * believed) and hands it on in a request header whose name is random per process: a client cannot
 * send that header itself, and Next's route handlers, which see only headers, read it from there.
 */
const globalForAddress = globalThis as unknown as { clientAddressHeader?: string };

export function clientAddressHeader(): string {
  globalForAddress.clientAddressHeader ??= `x-pfa-client-${randomBytes(12).toString("hex")}`;
  return globalForAddress.clientAddressHeader;
}

const MAX_ADDRESS_LENGTH = 64;

/** Writes the resolved client address into the request's headers (serve.ts, before any handler). */
export function stampClientAddress(req: IncomingMessage): void {
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], env.TRUST_PROXY);
  const name = clientAddressHeader();
  if (address) req.headers[name] = address.slice(0, MAX_ADDRESS_LENGTH);
  else delete req.headers[name];
}

/**
 * The client address stamped by the production server, or null where no server stamped one
 * (`next dev`, `next start`): such requests share one budget rather than trusting a header.
 */
export function clientAddressOf(headers: RequestHeaders): string | null {
  return headers.get(clientAddressHeader());
}
