import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { Readable } from "node:stream";

/** The headers a handler reads: fetch Headers have them, and so does the view of a node request below. */
export type RequestHeaders = Pick<Headers, "get" | "has" | "forEach">;

/**
 * What the REST handler reads of a request. A fetch Request is one (the route handler that `next dev`
 * uses); the production server hands in nodeRequest's view of its node request instead, which
 * costs nothing to make: a fetch Request copies and checks every header, and makes an AbortSignal
 * and a stream for the body whether or not anything reads them (a tenth of the CPU of a
 * health check).
 */
export interface RestRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: RequestHeaders;
  /** The body as a stream (none for GET and HEAD); read at most once. */
  readonly body: ReadableStream<Uint8Array> | null;
  /** True once something has started reading the body. */
  readonly bodyUsed: boolean;
}

/** A node request as a RestRequest: the headers read where they are (node has joined repeated ones as fetch would), the body streamed on demand. */
export function nodeRequest(req: IncomingMessage): RestRequest {
  return new NodeRequest(req);
}

class NodeRequest implements RestRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  #stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(private readonly req: IncomingMessage) {
    this.method = req.method ?? "GET";
    // Parsed against a fixed origin: the Host header stays a header, and a malformed one cannot
    // make the URL unparseable.
    this.url = new URL(req.url ?? "/", "http://localhost").href;
    this.headers = new NodeHeaders(req.headers);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === undefined) {
      this.#stream =
        this.method === "GET" || this.method === "HEAD"
          ? null
          : (Readable.toWeb(this.req) as ReadableStream<Uint8Array>);
    }
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#stream?.locked ?? false;
  }
}

class NodeHeaders implements RequestHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void): void {
    for (const name of Object.keys(this.raw).sort()) {
      const value = this.get(name);
      if (value !== null) callback(value, name, this as unknown as Headers);
    }
  }
}
