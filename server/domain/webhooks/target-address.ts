/**
 * Where a webhook may be sent (issue 33 "Safety"): an absolute https URL (http with
 * WEBHOOK_ALLOW_HTTP), at most 2,000 characters, without credentials, whose host resolves only to
 * public addresses: loopback, private, shared (CGNAT), link-local (cloud metadata at
 * 169.254.169.254), unique-local, multicast, documentation and reserved ranges are refused, and so
 * are IPv4 addresses written inside IPv6 ones. Checked when an endpoint is created or changed, and
 * again before every delivery, which then connects to the very address checked (no second DNS
 * answer in between: a name rebound to 127.0.0.1 after the check is never reached).
 * WEBHOOK_ALLOW_PRIVATE lifts the address rule (development and tests).
 */
import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";

export const MAX_WEBHOOK_URL_LENGTH = 2_000;

export interface TargetRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** A URL or address the rules refuse, with the reason in words a person can act on. */
export class TargetRefused extends Error {}

const NOT_PUBLIC_V4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "a 'this network' address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a shared (carrier-grade NAT) address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address (cloud metadata services live there)"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "a reserved address"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];

const NOT_PUBLIC_V6: Array<[string, number, string]> = [
  ["::", 128, "the unspecified address"],
  ["::1", 128, "a loopback address"],
  ["100::", 64, "a discard address"],
  ["64:ff9b:1::", 48, "a local-use NAT64 address"],
  ["2001::", 32, "a Teredo address"],
  ["fec0::", 10, "a site-local address"],
  ["2001:db8::", 32, "a documentation address"],
  ["fc00::", 7, "a unique-local (private) address"],
  ["fe80::", 10, "a link-local address"],
  ["ff00::", 8, "a multicast address"],
];

const ranges = [
  ...NOT_PUBLIC_V4.map(([network, prefix, reason]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, "ipv4");
    return { list, family: "ipv4" as const, reason };
  }),
  ...NOT_PUBLIC_V6.map(([network, prefix, reason]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, "ipv6");
    return { list, family: "ipv6" as const, reason };
  }),
];

/** IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). */
function embeddedV4(address: string): string | null {
  const list = new BlockList();
  list.addSubnet("::ffff:0:0", 96, "ipv6");
  list.addSubnet("::ffff:0:0:0", 96, "ipv6");
  list.addSubnet("64:ff9b::", 96, "ipv6");
  list.addSubnet("::", 96, "ipv6");
  const words = expandV6(address);
  if (list.check(address, "ipv6")) return wordsToV4(words[6]!, words[7]!);
  const sixToFour = new BlockList();
  sixToFour.addSubnet("2002::", 16, "ipv6");
  if (sixToFour.check(address, "ipv6")) return wordsToV4(words[1]!, words[2]!);
  return null;
}

function wordsToV4(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail included). */
function expandV6(address: string): number[] {
  let text = address.toLowerCase().split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headWords = head ? head.split(":") : [];
  const tailWords = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - headWords.length - tailWords.length).fill("0");
  return [...headWords, ...fill, ...tailWords].map((word) => parseInt(word || "0", 16));
}

/** Why an address may not receive webhooks, or null when it is public. */
export function notPublicReason(address: string): string | null {
  const family = isIP(address) === 6 ? "ipv6" : isIP(address) === 4 ? "ipv4" : null;
  if (!family) return "not an IP address";
  for (const range of ranges) {
    if (range.family === family && range.list.check(address, family)) return range.reason;
  }
  if (family === "ipv6") {
    const inner = embeddedV4(address);
    if (inner) return notPublicReason(inner);
  }
  return null;
}

/**
 * The URL's form: absolute, http(s) as the rules allow, no credentials, at most 2,000 characters.
 * Returns the URL as stored; throws TargetRefused saying what is wrong.
 */
export function checkWebhookUrlForm(text: string, rules: TargetRules): URL {
  if (text.length > MAX_WEBHOOK_URL_LENGTH)
    throw new TargetRefused(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters (it has ${text.length})`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetRefused("must be an absolute URL such as https://example.com/hooks");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && rules.allowHttp))
    throw new TargetRefused(
      rules.allowHttp
        ? "must start with https:// or http://"
        : "must start with https:// (http:// is not allowed here)",
    );
  if (url.username || url.password)
    throw new TargetRefused("must not carry a user name or password: authenticate the request by its signature");
  if (url.hash) throw new TargetRefused("must not have a #fragment (it is never sent)");
  return url;
}

/** How long a host name may take to resolve: a slow name server holds up nothing longer. */
const LOOKUP_TIMEOUT_MS = 3_000;

/** The lookup, or TargetRefused after LOOKUP_TIMEOUT_MS or when `signal` aborts (the lookup itself cannot be stopped). */
function lookupWithin(host: string, signal?: AbortSignal): Promise<Array<{ address: string; family: number }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new TargetRefused(`names a host that did not resolve within ${LOOKUP_TIMEOUT_MS / 1000} s (${host})`)),
      LOOKUP_TIMEOUT_MS,
    );
    const stop = () => reject(new TargetRefused(`names a host whose lookup was stopped (${host})`));
    signal?.addEventListener("abort", stop, { once: true });
    lookup(host, { all: true, verbatim: true })
      .then(resolve, () => reject(new TargetRefused(`names a host that does not resolve (${host})`)))
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", stop);
      });
  });
}

/** The host's addresses, each checked; the first is the one to connect to. Throws TargetRefused. */
export async function resolveTarget(
  url: URL,
  rules: TargetRules,
  signal?: AbortSignal,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    addresses = await lookupWithin(host, signal);
  }
  if (addresses.length === 0) throw new TargetRefused(`names a host that does not resolve (${host})`);
  if (!rules.allowPrivate) {
    for (const { address } of addresses) {
      const reason = notPublicReason(address);
      if (reason)
        throw new TargetRefused(
          `must reach a public address: ${host === address ? address : `${host} resolves to ${address}`}, ${reason}`,
        );
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
