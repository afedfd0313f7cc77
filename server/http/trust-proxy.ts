import proxyaddr from "proxy-addr";

/**
 * Which peers may tell us the client's address (TRUST_PROXY). The address rate limits key on is
 * the socket's peer, unless that peer is a trusted proxy: then the X-Forwarded-For entries are
 * walked from the right, through trusted proxies only, and the first untrusted one is the client.
 * A client can therefore write whatever it likes into X-Forwarded-For and is still keyed by the
 * address the last trusted hop saw.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

const TRUST_NOTHING: TrustProxy = () => false;

/**
 * Parses the setting: empty, "false" or "0" trusts nobody; a whole number N trusts the N nearest
 * hops; otherwise a comma-separated list of addresses, CIDR ranges and the names `loopback`,
 * `linklocal`, `uniquelocal` (proxy-addr's). "true" (trust every hop) is refused: it would let any
 * client choose its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = (value ?? "").trim().toLowerCase();
  if (setting === "" || setting === "false" || setting === "0") return TRUST_NOTHING;
  if (setting === "true") {
    throw new Error(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For; give the number of proxy hops or their addresses",
    );
  }
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    if (hops > 32) throw new Error("TRUST_PROXY: at most 32 proxy hops");
    return (_address, hop) => hop < hops;
  }
  const entries = setting
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    return proxyaddr.compile(entries);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}; expected a number of hops or addresses/CIDR ranges`, {
      cause: error,
    });
  }
}

/** The client's address from the socket's peer and the X-Forwarded-For header, believing only trusted proxies. */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string | null {
  if (!socketAddress) return null;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  // proxy-addr reads the socket and the header from a request-shaped object.
  const request = {
    socket: { remoteAddress: socketAddress },
    connection: { remoteAddress: socketAddress },
    headers: header === undefined ? {} : { "x-forwarded-for": header },
  };
  try {
    return proxyaddr(request as never, trust);
  } catch {
    // A malformed entry in the header: the nearest peer is all we know.
    return socketAddress;
  }
}
