import { createHash } from "node:crypto";
import type { ResponseControl } from "../trpc/context";
import type { OpenApiAnswer } from "./openapi-adapter";
import { headerRecord, type RestAnswer } from "./rest-answer";
import type { RestRequest } from "./rest-request";
import type { ExportedFileAnswer } from "../routers/shared/exported-file";

/** Tags of answers kept for reuse (a cached read's bytes), so each is hashed once. */
const tagOfKeptBytes = new WeakMap<Buffer, string>();

/**
 * The (weak) entity tag of a GET's JSON answer: a hash of its bytes, so equal answers have equal
 * tags on every instance and any change (data, a field's format) gives a new one.
 */
function entityTag(body: string | Buffer): string {
  if (typeof body !== "string") {
    let tag = tagOfKeptBytes.get(body);
    if (!tag) {
      tag = tagOf(withoutKnowledge(body.toString("utf8")));
      tagOfKeptBytes.set(body, tag);
    }
    return tag;
  }
  return tagOf(withoutKnowledge(body));
}

const KNOWLEDGE = '"server_knowledge":"';

/**
 * The answer without its meta.server_knowledge (the last such key: meta comes after the data). The
 * token can move while the list stays the same (a transaction elsewhere in the database holds it
 * lower for a moment), and a client that holds an equal list holds a token that is still good for it.
 */
function withoutKnowledge(body: string): string {
  const at = body.lastIndexOf(KNOWLEDGE);
  if (at < 0) return body;
  const end = body.indexOf('"', at + KNOWLEDGE.length);
  return body.slice(0, at) + body.slice(end + 1);
}

// Weak: the production server may send the same answer gzipped, and one strong tag must not name two encodings.
const tagOf = (bytes: string | Buffer) => `W/"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

/**
 * Whether If-None-Match names `tag` (RFC 9110 13.1.2: a list of tags, weak ones compared weakly,
 * or `*` for any current answer).
 */
function matchesEntityTag(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/** An operation's success as the client gets it: its status and headers, and a GET's ETag (304 when If-None-Match names it). */
export function finishAnswer(
  request: RestRequest,
  answered: OpenApiAnswer,
  successStatus: number | undefined,
  control: ResponseControl,
  requestId: string,
  file = false,
): RestAnswer {
  const status = control.status ?? successStatus ?? answered.status;
  const headers = headerRecord(control.headers);
  headers["x-request-id"] = requestId;
  if (status === 204) return { status, headers, body: null };
  const { body, contentType } = file ? fileBody(answered.body ?? "", headers) : jsonBody(answered.body ?? "");
  if ((request.method === "GET" || request.method === "HEAD") && status === 200) {
    // A file's tag is its bytes' own: entityTag reads a JSON answer (as text, without its sync token).
    headers.etag = file ? tagOf(body) : entityTag(body);
    // The answer the client holds is still the answer: 304 with no body.
    if (matchesEntityTag(request.headers.get("if-none-match"), headers.etag))
      return { status: 304, headers, body: null };
  }
  headers["content-type"] = contentType;
  return { status, headers, body };
}

const jsonBody = (body: string | Buffer) => ({ body, contentType: "application/json; charset=utf-8" });

/**
 * A file operation's answer (meta `file`): the bytes of its ExportedFileAnswer, its media type,
 * and its name as an attachment (RFC 6266: a plain ASCII name, and the UTF-8 one in filename*).
 */
function fileBody(json: string | Buffer, headers: RestAnswer["headers"]): { body: Buffer; contentType: string } {
  const file = JSON.parse(json.toString()) as ExportedFileAnswer;
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  headers["content-disposition"] =
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  return { body: Buffer.from(file.content_base64, "base64"), contentType: file.media_type };
}
