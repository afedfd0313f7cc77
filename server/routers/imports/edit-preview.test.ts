import { describe, expect, it } from "vitest";
import { validationError } from "../../errors";
import { editPreviewInput } from "./edit-preview";

describe("a change of an import's preview rows", () => {
  const id = "6f9b1c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e";

  it("names each row once: a repeat is 400 naming its place and the first one (PATCH /transactions does the same)", () => {
    const parsed = editPreviewInput.safeParse({
      id,
      rows: [
        { row: 2, category_id: null },
        { row: 3, duplicate: false },
        { row: 2, category_id: id },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(validationError(parsed.error!.issues).message).toBe(
      "Validation failed: rows.2.row: repeats rows.0.row: name each row once",
    );
  });

  it("takes distinct rows", () => {
    const rows = [
      { row: 2, category_id: null },
      { row: 3, duplicate: false },
    ];
    expect(editPreviewInput.parse({ id, rows }).rows).toEqual(rows);
  });
});
