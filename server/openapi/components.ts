import { z } from "zod";
import { ERROR_TABLE, type ErrorCode } from "../errors";

/** The Error component: the body of every error response. */
export const errorSchema = z
  .object({
    statusCode: z.number().int().meta({ description: "The HTTP status of the response, repeated.", example: 404 }),
    code: z.enum(Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]]).meta({
      description: "What went wrong, stable for programs to branch on; each response lists the codes it can carry.",
    }),
    message: z.string().meta({
      description: "A sentence for people: what went wrong and, for validation, which field.",
      example: "No endpoint answers this path.",
    }),
    error: z.string().meta({ description: "The status's reason phrase.", example: "Not Found" }),
    request_id: z
      .uuid()
      .meta({ description: "The request's id, as in X-Request-Id: quote it when reporting a problem." }),
    issues: z
      .array(
        z
          .object({
            path: z.array(z.union([z.string(), z.number().int()])).meta({
              description:
                'Where: the keys and array indexes from the input\'s top, e.g. ["transactions", 17, "amount"]; a query ' +
                "parameter is its name alone; [] for the input as a whole.",
            }),
            code: z.string().meta({
              description:
                "What kind of problem, for programs: unrecognized_key (a field or parameter the operation does not " +
                "take), invalid_type, too_big, too_small, invalid_format, invalid_value, custom, ...",
              example: "unrecognized_key",
            }),
            message: z.string().meta({ description: "The problem in words.", example: "must be a whole number" }),
          })
          .meta({ description: "One problem of a request's input." }),
      )
      .optional()
      .meta({
        description:
          "On a 400 VALIDATION_FAILED about the input: every problem found, each with its path. Programs should read " +
          "these rather than the wording of `message`.",
      }),
  })
  .meta({ id: "Error", description: "The body of every error response; X-Request-Id carries request_id too." });

export type HeaderName =
  | "X-Request-Id"
  | "RateLimit-Limit"
  | "RateLimit-Remaining"
  | "RateLimit-Reset"
  | "Retry-After"
  | "Idempotent-Replayed"
  | "Allow"
  | "ETag";
type HeaderObject = { description: string; schema: Record<string, unknown>; example?: string };

/** The response headers, described once and referenced by every response that carries them. */
export const HEADERS: Record<HeaderName, HeaderObject> = {
  "X-Request-Id": {
    description:
      "The request's id (a UUID, or the client's own X-Request-Id when it sent a valid one); error bodies repeat it as request_id.",
    schema: { type: "string" },
  },
  "RateLimit-Limit": {
    description:
      "Requests the budget this request spent allows per window (the token's, the session's or the client address's).",
    schema: { type: "integer", minimum: 1 },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Reset": { description: "Seconds until the window starts again.", schema: { type: "integer", minimum: 1 } },
  "Retry-After": {
    description:
      "Seconds to wait before retrying: on 429 until the budget refills, on 503 while the database cannot be reached.",
    schema: { type: "integer", minimum: 1 },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored answer of an earlier request with the same Idempotency-Key; absent on the first answer.",
    schema: { type: "string", enum: ["true"] },
  },
  Allow: { description: "The methods this path answers.", schema: { type: "string" }, example: "GET, POST" },
  ETag: {
    description:
      "The answer's entity tag (a hash of its bytes): send it back as If-None-Match to get 304 Not Modified, with no body, " +
      "while the answer is the same.",
    schema: { type: "string" },
    example: '"q2Yx1nC0mTq8oX1Y3b9lKZ0wq4M"',
  },
};

export const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
