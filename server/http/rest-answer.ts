/**
 * An answer as the production server writes it (server/http/serve.ts), without a fetch Response in
 * between: header names in lower case (set-cookie may be several), the body as text or bytes.
 */
export interface RestAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Buffer | null;
}

/** Success answers are RestAnswers; refusals are made as Responses (responses.ts), which the route handlers share. */
export type Answer = Response | RestAnswer;

export function hasHeader(answer: Answer, name: string): boolean {
  return answer instanceof Response ? answer.headers.has(name) : name in answer.headers;
}

/** Sets (replaces) headers, whatever the case of their names. */
export function setHeaders(answer: Answer, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (answer instanceof Response) answer.headers.set(name, value);
    else answer.headers[name.toLowerCase()] = value;
  }
}

export function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers });
}

export async function toRestAnswer(answer: Answer): Promise<RestAnswer> {
  if (!(answer instanceof Response)) return answer;
  return {
    status: answer.status,
    headers: headerRecord(answer.headers),
    body: answer.body ? Buffer.from(await answer.arrayBuffer()) : null,
  };
}

/** Fetch Headers as a RestAnswer's record: lower-case names (as Headers gives them), each Set-Cookie kept apart. */
export function headerRecord(from: Headers): RestAnswer["headers"] {
  const headers: RestAnswer["headers"] = {};
  from.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = from.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}
