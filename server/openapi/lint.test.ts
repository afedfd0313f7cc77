import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";

/**
 * The document through Redocly's linter (the rules of `redocly lint`): the strict recommended set,
 * with the rules a client generator depends on raised to errors. Any finding fails.
 */
const RULES = {
  "operation-description": "error",
  "operation-operationId": "error",
  "operation-operationId-unique": "error",
  "operation-operationId-url-safe": "error",
  "operation-tag-defined": "error",
  "operation-singular-tag": "error",
  "tag-description": "error",
  "info-contact": "error",
  "info-license": "error",
  "no-unused-components": "error",
  "no-invalid-media-type-examples": { severity: "error", allowAdditionalProperties: false },
  "no-invalid-schema-examples": { severity: "error", allowAdditionalProperties: false },
} as const;

async function lintProblems(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended-strict"], rules: RULES });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
  return problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`);
}

describe("the OpenAPI document under Redocly's rules", () => {
  it("has no finding", async () => {
    expect(await lintProblems(buildOpenApiDocument("https://money.example.org"))).toEqual([]);
  });

  it("would report an operation without a description, an undefined tag and an unused component", async () => {
    const document = structuredClone(buildOpenApiDocument("https://money.example.org"));
    const operation = document.paths!["/api/v1/programmatic/accounts"]!.get!;
    delete operation.description;
    operation.tags = ["no-such-tag"];
    document.components!.schemas!.Unused = { type: "string" };
    const rules = (await lintProblems(document)).map((problem) => problem.split(":")[0]);
    expect(rules).toEqual(
      expect.arrayContaining(["operation-description", "operation-tag-defined", "no-unused-components"]),
    );
  });
});
