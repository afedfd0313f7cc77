import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";
import { documentOperations, OPERATION_EXAMPLES, successContents, withExamples } from "./examples";

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema>; required?: string[] };

const document = withExamples(buildOpenApiDocument("http://localhost:3000"));
const operations = documentOperations(document).map((entry) => ({ ...entry, id: entry.operation.operationId ?? "" }));
const components = document.components?.schemas ?? {};

// JSON Schema 2020-12, OpenAPI 3.1's dialect. strict: false lets OpenAPI's own keywords (example)
// through; types, required fields, enums and formats are checked all the same (see the last tests).
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

/** What is wrong with `value` under `schema`, [] when nothing. */
function problems(schema: Schema, value: unknown): string[] {
  // The components beside the schema, so `#/components/schemas/...` resolves as in the document.
  const validate = ajv.compile({ ...schema, components: document.components });
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "(body)"} ${error.message}`);
}

/** A schema with its top-level $ref followed. */
function resolved(schema: Schema): Schema {
  const name = schema.$ref?.replace("#/components/schemas/", "");
  return name ? resolved(components[name] as Schema) : schema;
}

/** A form's problems: its fields, and the JSON text fields (parse_options) against their contentSchema. */
function formProblems(schema: Schema, form: Record<string, unknown>): string[] {
  const found = problems(schema, form);
  for (const [name, field] of Object.entries(resolved(schema).properties ?? {})) {
    const text = form[name];
    if (field.contentMediaType !== "application/json" || !field.contentSchema || typeof text !== "string") continue;
    found.push(...problems(field.contentSchema as Schema, JSON.parse(text)).map((problem) => `${name}: ${problem}`));
  }
  return found;
}

function bodyProblems(mediaType: string, schema: Schema, value: unknown): string[] {
  return mediaType === "multipart/form-data"
    ? formProblems(schema, value as Record<string, unknown>)
    : problems(schema, value);
}

type MediaTypes = Record<string, { schema?: Schema; example?: unknown }>;

function listExample(): { data: Array<Record<string, unknown>> } {
  return structuredClone(OPERATION_EXAMPLES.listTransactions?.response) as { data: Array<Record<string, unknown>> };
}

function schemaOf(operationId: string, part: "request" | "response", mediaType = "application/json"): Schema {
  const { operation } = operations.find((entry) => entry.id === operationId)!;
  const content = (
    part === "request" ? operation.requestBody?.content : successContents(operation)[0]?.[1]
  ) as MediaTypes;
  return content[mediaType]!.schema!;
}

describe("OPERATION_EXAMPLES", () => {
  it("has an entry for every operation of the document and none for an operation it lacks", () => {
    const ids = operations.map((entry) => entry.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(Object.keys(OPERATION_EXAMPLES).sort()).toEqual([...ids].sort());
  });

  it("holds placeholder tokens only, and stays small enough to serve to browsers", () => {
    const text = JSON.stringify(OPERATION_EXAMPLES);
    for (const token of text.match(/pf[asmr]_[A-Za-z0-9]{42}/g) ?? [])
      expect(token).toMatch(/^pf[asmr]_[A-Za-z0-9]{4}ExampleTokenNotReal0+$/);
    // A ceiling on what every browser that opens the API reference downloads (the examples take about 80 KiB).
    expect(text.length).toBeLessThan(82 * 1024);
  });
});

describe.each(operations)("$id ($method $path)", ({ id, operation }) => {
  const example = OPERATION_EXAMPLES[id] ?? {};
  const requestContent = (operation.requestBody?.content ?? {}) as MediaTypes;

  it("has a request example for its body that fits the body's schema, and none without a body", () => {
    if (Object.keys(requestContent).length === 0) expect(example.request).toBeUndefined();
    for (const [mediaType, media] of Object.entries(requestContent)) {
      expect(media.example, `${mediaType} example`).toBeDefined();
      expect(media.example).toEqual(example.request);
      expect(bodyProblems(mediaType, media.schema!, media.example)).toEqual([]);
    }
  });

  it("has a response example for each success body that fits its schema, and none without one", () => {
    const contents = successContents(operation) as Array<[string, MediaTypes]>;
    if (contents.length === 0) expect(example.response).toBeUndefined();
    for (const [status, content] of contents) {
      for (const [mediaType, media] of Object.entries(content)) {
        if (media.schema?.contentMediaType !== undefined) {
          // A binary file (an export's XLSX): its bytes have no JSON example.
          expect(media.example, `${status} ${mediaType}`).toBeUndefined();
          continue;
        }
        expect(media.example, `${status} ${mediaType} example`).toBeDefined();
        expect(problems(media.schema!, media.example)).toEqual([]);
        // Not a schema that takes anything: the body without its first required field is refused.
        const root = resolved(media.schema!);
        const body = media.example as Record<string, unknown>;
        if (!root.required?.length) continue;
        const { [root.required[0]!]: _, ...incomplete } = body;
        expect(problems(media.schema!, incomplete)).not.toEqual([]);
      }
    }
  });
});

describe("the validation of an example", () => {
  const schema = schemaOf("listTransactions", "response");

  it("refuses a wrong type", () => {
    const body = listExample();
    body.data[0]!.amount = -20.22;
    expect(problems(schema, body)).toContainEqual(expect.stringMatching(/^\/data\/0\/amount must be string/));
  });

  it("refuses a missing required field", () => {
    const body = listExample();
    delete body.data[0]!.currency_code;
    expect(problems(schema, body).join("\n")).toMatch(/must have required property 'currency_code'/);
  });

  it("refuses a value outside an enum", () => {
    const body = listExample();
    body.data[0]!.type = "refund";
    expect(problems(schema, body).join("\n")).toMatch(/\/data\/0\/type must be equal to one of the allowed values/);
  });

  it("refuses a malformed uuid, day and timestamp", () => {
    const body = listExample();
    Object.assign(body.data[0]!, { account_id: "not-a-uuid", date: "2026-02-30", created_at: "yesterday" });
    const found = problems(schema, body).join("\n");
    expect(found).toMatch(/\/data\/0\/account_id must match format "uuid"/);
    expect(found).toMatch(/\/data\/0\/date must match format "date"/);
    expect(found).toMatch(/\/data\/0\/created_at must match format "date-time"/);
  });

  it("refuses an unknown scope in a request and a misspelt parse option in the upload's form", () => {
    const credential = { ...(OPERATION_EXAMPLES.createCredential?.request as object), scopes: ["wallets:write"] };
    expect(problems(schemaOf("createCredential", "request"), credential)).not.toEqual([]);
    const form = { ...(OPERATION_EXAMPLES.uploadImport?.request as object), parse_options: '{"delimeter":";"}' };
    expect(formProblems(schemaOf("uploadImport", "request", "multipart/form-data"), form)).toContainEqual(
      expect.stringMatching(/^parse_options: .*must NOT have additional properties/),
    );
  });
});
