import type { OpenAPIObject } from "trpc-to-openapi";
import { toJSONSchema } from "zod";
import { timestamp as TIMESTAMP } from "../routers/shared/schemas";

type Json = Record<string, unknown>;
type Operation = { parameters?: Json[]; responses?: Record<string, Json> };

/**
 * Formats that say all a generator needs: the regular expression zod adds beside them (170 bytes for
 * a UUID, 260 for a day, on every id and date of the document) checks nothing the format does not.
 * A timestamp keeps its pattern: it says the offset is always Z, which `date-time` alone does not.
 */
const SELF_DESCRIBING_FORMATS: ReadonlySet<string> = new Set(["uuid", "date"]);

/**
 * Deletes, in place, every `pattern` beside a `format` (of `formats`, or any) in a JSON schema and
 * the schemas under it. The server checks the value against the full zod schema either way.
 */
export function dropFormatPatterns(node: unknown, formats?: ReadonlySet<string>): void {
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  if (typeof schema.pattern === "string" && typeof schema.format === "string" && (formats?.has(schema.format) ?? true))
    delete schema.pattern;
  for (const value of Object.values(schema)) dropFormatPatterns(value, formats);
}

/** "Idempotency-Key" -> "IdempotencyKey"; 304 -> "NotModified". */
const componentName = (text: string) =>
  text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());

/**
 * Moves what many operations repeat word for word into `components`, referenced from each: a header
 * or query parameter (Idempotency-Key, If-None-Match, limit, since) and the 304 answer. The commonest wording takes the
 * plain name; an optional header's other wording is NameOptional; any other stays inline.
 */
function shareRepeated(document: OpenAPIObject, operations: Operation[]): void {
  const components = (document.components ??= {}) as Json;
  const share = <T extends Json>(
    found: Array<{ value: T; replace: (ref: Json) => void }>,
    namesOf: (value: T) => string[],
    section: "parameters" | "responses",
  ) => {
    const groups = new Map<string, { names: string[]; value: T; uses: Array<(ref: Json) => void> }>();
    for (const { value, replace } of found) {
      const key = JSON.stringify(value);
      const group = groups.get(key) ?? { names: namesOf(value), value, uses: [] };
      group.uses.push(replace);
      groups.set(key, group);
    }
    const target = ((components[section] as Json | undefined) ?? {}) as Json;
    const byUse = [...groups.values()]
      .filter((group) => group.uses.length > 1)
      .sort((a, b) => b.uses.length - a.uses.length);
    for (const group of byUse) {
      const name = group.names.find((candidate) => !(candidate in target));
      if (!name) continue;
      target[name] = group.value;
      for (const replace of group.uses) replace({ $ref: `#/components/${section}/${name}` });
    }
    components[section] = target;
  };

  const parametersIn = (place: "header" | "query") =>
    operations.flatMap((operation) =>
      (operation.parameters ?? []).flatMap((parameter, index) =>
        parameter.in === place
          ? [{ value: parameter, replace: (ref: Json) => (operation.parameters![index] = ref) }]
          : [],
      ),
    );
  share(
    parametersIn("header"),
    (parameter) => {
      const name = componentName(String(parameter.name));
      return parameter.required ? [name] : [name, `${name}Optional`];
    },
    "parameters",
  );
  // A query parameter several operations take word for word (limit, cursor, since, the transaction
  // filters of the list and its export): its first wording takes the plain name, others Name2, Name3...
  share(
    parametersIn("query"),
    (parameter) => {
      const name = componentName(String(parameter.name));
      return [name, ...Array.from({ length: 19 }, (_, index) => `${name}${index + 2}`)];
    },
    "parameters",
  );
  share(
    operations.flatMap((operation) =>
      operation.responses?.["304"]
        ? [{ value: operation.responses["304"], replace: (ref: Json) => (operation.responses!["304"] = ref) }]
        : [],
    ),
    () => ["NotModified"],
    "responses",
  );
}

/**
 * Replaces, in place, every timestamp schema (`date-time` with the pattern saying its offset is Z,
 * about 330 bytes, 67 times) under `node` by a reference to the one `Timestamp` schema; what stands
 * beside it (its description, an example) stays beside the reference, as OpenAPI 3.1 allows.
 */
function shareTimestamps(node: unknown, timestamp: Json): void {
  if (!node || typeof node !== "object") return;
  for (const value of Object.values(node as Json)) {
    if (!value || typeof value !== "object") continue;
    const schema = value as Json;
    if (schema.format === "date-time" && schema.pattern === timestamp.pattern && schema.type === timestamp.type) {
      delete schema.type;
      delete schema.format;
      delete schema.pattern;
      schema.$ref = "#/components/schemas/Timestamp";
    } else {
      shareTimestamps(schema, timestamp);
    }
  }
}

/** The document without repeats that say nothing new (see above); the same API to a generator. */
export function compactDocument(document: OpenAPIObject): OpenAPIObject {
  dropFormatPatterns(document.paths, SELF_DESCRIBING_FORMATS);
  dropFormatPatterns(document.components?.schemas, SELF_DESCRIBING_FORMATS);
  const timestamp = toJSONSchema(TIMESTAMP, { target: "draft-2020-12" }) as Json;
  delete timestamp.$schema;
  shareTimestamps(document.paths, timestamp);
  shareTimestamps(document.components?.schemas, timestamp);
  shareTimestamps(document.webhooks, timestamp);
  (document.components!.schemas as Json).Timestamp = timestamp;
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {})) as Operation[];
  shareRepeated(document, operations);
  return document;
}
