import { z } from "zod";

/**
 * zod's messages for checks that bring none of their own, in the words the schemas' own messages
 * use: a phrase that follows the field's name ("name: is required", "limit: must be 200 or less").
 * REST and tRPC name the API field before it (CONTRACT "Errors"); the dashboard puts a person's
 * label there (components/validation-messages.ts). Pure zod, so the browser's checks say the same.
 * Importing this module installs it (server/trpc/builders.ts, components/trpc-provider.tsx, the test setup).
 */

type Issue = z.core.$ZodRawIssue;

const FORMATS: Record<string, string> = {
  email: "must be an e-mail address such as name@example.com",
  url: "must be a web address such as https://example.com",
  uuid: "must be an id (a UUID)",
  guid: "must be an id (a UUID)",
  date: "must be a date (YYYY-MM-DD)",
  datetime: "must be a date and time such as 2026-11-23T09:30:00Z",
  time: "must be a time such as 09:30",
};

const TYPES: Record<string, string> = {
  string: "must be text",
  number: "must be a number",
  int: "must be a whole number",
  boolean: "must be true or false",
  array: "must be a list",
  object: "must be an object",
  date: "must be a date",
};

function count(n: number | bigint, one: string, many: string): string {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

function quoted(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const n = issue.minimum;
  switch (issue.origin) {
    case "string":
      if (Number(n) === 1 && !issue.exact) return "is required";
      return `must be ${issue.exact ? "exactly" : "at least"} ${count(n, "character", "characters")}`;
    case "array":
    case "set":
      if (Number(n) === 1 && !issue.exact) return "must not be empty";
      return `must have ${issue.exact ? "exactly" : "at least"} ${count(n, "item", "items")}`;
    case "date":
      return `must be on or after ${quoted(n)}`;
    default:
      return issue.inclusive === false ? `must be more than ${n}` : `must be ${n} or more`;
  }
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const n = issue.maximum;
  switch (issue.origin) {
    case "string":
      return `must be ${issue.exact ? "exactly" : "at most"} ${count(n, "character", "characters")}`;
    case "array":
    case "set":
      return `must have ${issue.exact ? "exactly" : "at most"} ${count(n, "item", "items")}`;
    case "date":
      return `must be on or before ${quoted(n)}`;
    default:
      return issue.inclusive === false ? `must be less than ${n}` : `must be ${n} or less`;
  }
}

/** The phrase for one issue; every code zod raises has one, so zod's own English never shows. */
function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "is required";
      return TYPES[issue.expected] ?? "is not valid";
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      if (issue.format === "starts_with") return `must start with "${issue.prefix}"`;
      if (issue.format === "ends_with") return `must end with "${issue.suffix}"`;
      if (issue.format === "includes") return `must contain "${issue.includes}"`;
      return FORMATS[issue.format] ?? "is not in the expected format";
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${quoted(issue.values[0])}`
        : `must be one of: ${issue.values.map(quoted).join(", ")}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      // server/errors.ts names each key as the field ("body.colour: is not a field this request takes").
      return "is not a field this request takes";
    case "invalid_key":
      return "holds a key that is not valid";
    case "invalid_element":
      return "holds a value that is not valid";
    default:
      return "is not valid";
  }
}

z.config({ customError: plainMessage });
