import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody } from "../../errors";
import { unknownFields, unknownFieldsError } from "./unknown-fields";

const row = z.object({ date: z.string(), amount: z.string(), notes: z.string().nullable().optional() });
const bulk = z.object({
  transactions: z.array(row).min(1),
  dry_run: z.boolean().default(true),
  options: z.object({ match: z.enum(["exact", "loose"]) }).optional(),
});

describe("fields a request sends that its operation does not name", () => {
  it("finds none in a request that only uses the schema's names, however deep", () => {
    const request = { transactions: [{ date: "2026-01-02", amount: "3", notes: null }], options: { match: "exact" } };
    expect(unknownFields(bulk, request)).toEqual([]);
  });

  it("names each unknown key at its own path, array indexes as numbers", () => {
    const request = {
      transactions: [
        { date: "2026-01-02", amount: "3" },
        { date: "2026-01-03", amont: "4", amount: "4" },
      ],
      dryrun: false,
      options: { match: "exact", case: "folded" },
    };
    expect(unknownFields(bulk, request)).toEqual([["transactions", 1, "amont"], ["dryrun"], ["options", "case"]]);
  });

  it("looks through optional, nullable, default and preprocessed schemas to the object inside", () => {
    const wrapped = z.object({
      filter: z
        .preprocess((value) => value, z.object({ from: z.string() }))
        .nullable()
        .optional(),
      page: z.object({ size: z.number() }).default({ size: 10 }),
    });
    expect(unknownFields(wrapped, { filter: { from: "x", to: "y" }, page: { size: 2, sise: 3 } })).toEqual([
      ["filter", "to"],
      ["page", "sise"],
    ]);
  });

  it("lets open objects and records take any key, and checks the values a record holds", () => {
    const schema = z.object({
      meta: z.looseObject({ id: z.string() }),
      map: z.record(z.string(), z.object({ account: z.string() })),
    });
    const request = { meta: { id: "1", anything: true }, map: { DE89: { account: "a" }, NL91: { acount: "b" } } };
    expect(unknownFields(schema, request)).toEqual([["map", "NL91", "acount"]]);
  });

  it("judges a union by the option the value fits best", () => {
    const item = z.union([
      z.object({ kind: z.literal("id"), id: z.string() }),
      z.object({ kind: z.literal("text"), description: z.string(), counterparty: z.string().optional() }),
    ]);
    expect(unknownFields(item, { kind: "text", description: "REWE", counterparty: "REWE" })).toEqual([]);
    expect(unknownFields(item, { kind: "text", description: "REWE", counterpart: "REWE" })).toEqual([["counterpart"]]);
  });

  it("leaves values of the wrong type to the schema's own check", () => {
    expect(unknownFields(bulk, { transactions: "none" })).toEqual([]);
    expect(unknownFields(bulk, null)).toEqual([]);
  });

  it("becomes a 400 body naming every field, with an issue per path", () => {
    const error = unknownFieldsError([["updated_since"], ["transactions", 17, "amont"]]);
    const body = errorBody(error.code, error.message, "request", error.issues);
    expect(body.statusCode).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toContain("updated_since");
    expect(body.message).toContain("transactions.17.amont");
    expect(body.issues).toEqual([
      { path: ["updated_since"], code: "unrecognized_key", message: expect.any(String) },
      { path: ["transactions", 17, "amont"], code: "unrecognized_key", message: expect.any(String) },
    ]);
  });
});
