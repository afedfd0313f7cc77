import { describe, expect, it } from "vitest";
import { decodeListCursor, encodeListCursor, isInstant } from "./list-cursor";
import { isUuid } from "./pagination";

const ID = "9c0ad0fc-0fd4-4ce8-ba55-34ee5f322e02";

describe("list cursors", () => {
  it("give back the key they were made with, for the same list and filters", () => {
    const cursor = encodeListCursor("imports", { status: "parsed" }, ["2026-11-27T10:00:00.000Z", ID]);
    expect(decodeListCursor("imports", { status: "parsed" }, cursor, [isInstant, isUuid])).toEqual([
      "2026-11-27T10:00:00.000Z",
      ID,
    ]);
  });

  it("refuse another list, other filters and forged keys with 400 naming cursor", () => {
    const cursor = encodeListCursor("imports", {}, ["2026-11-27T10:00:00.000Z", ID]);
    const refusal = { code: "VALIDATION_FAILED", issues: [expect.objectContaining({ path: ["cursor"] })] };
    expect(() => decodeListCursor("recurring_rules", {}, cursor, [isInstant, isUuid])).toThrow(
      expect.objectContaining(refusal),
    );
    expect(() => decodeListCursor("imports", { status: "parsed" }, cursor, [isInstant, isUuid])).toThrow(
      /other filters/,
    );
    // Year 0000 is no instant PostgreSQL stores: 400 here, not a database error.
    for (const key of ["0000-01-01T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "yesterday"]) {
      const forged = encodeListCursor("imports", {}, [key, ID]);
      expect(() => decodeListCursor("imports", {}, forged, [isInstant, isUuid])).toThrow(/not a cursor/);
    }
  });
});
