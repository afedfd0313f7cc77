import { z } from "zod";
import { editPreviewRows } from "../../domain/imports/preview-edits";
import { workspaceProcedure } from "../../trpc/builders";
import { refuseRepeatedKeys } from "../shared/repeated-keys";
import { resource } from "../shared/schemas";

const MAX_EDITS = 2_000;

/** The rows a person changes, each once. */
export const editPreviewInput = z
  .strictObject({
    id: z.uuid().describe("The import's id."),
    rows: z
      .array(
        z
          .strictObject({
            row: z.number().int().min(1).describe("The preview row's `row`."),
            category_id: z.uuid().nullable().optional().describe("The category to book it with; null for none."),
            duplicate: z
              .boolean()
              .optional()
              .describe("false: not a duplicate (it is booked); true: a duplicate (left out with skip_duplicates)."),
          })
          .refine((edit) => edit.category_id !== undefined || edit.duplicate !== undefined, {
            message: "give category_id or duplicate",
          }),
      )
      .min(1)
      .max(MAX_EDITS)
      .describe(`The rows to change (at most ${MAX_EDITS} a call), each row once.`),
  })
  .superRefine((input, ctx) =>
    refuseRepeatedKeys(input.rows, (edit) => edit.row, ctx, {
      list: "rows",
      field: "row",
      advice: "name each row once",
    }),
  );

export const editPreviewProcedure = workspaceProcedure("imports:create")
  .meta({
    tool: "edit_import_preview",
    errors: ["IMPORT_STATE_CONFLICT", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "PATCH",
      path: "/api/v1/programmatic/imports/{id}/preview",
      operationId: "editImportPreview",
      tags: ["imports"],
      summary: "Choose categories and duplicate verdicts of preview rows",
      description:
        "Before confirming: per row, `category_id` (null: none) and/or `duplicate` (false: book it although it looked like a " +
        "duplicate; true: leave it out with skip_duplicates, duplicate_reason marked_by_you). Confirm books what the preview " +
        "shows. A row given a category has category_source, category_confidence and category_reason null. Invalid rows stay " +
        "invalid. All or nothing: 400 for a row named twice or one the preview does not have (naming it), 404 for a category of no workspace of yours, 422 " +
        "for an archived one, 409 IMPORT_STATE_CONFLICT once the import is confirmed. A re-read (reparse) decides again.",
    },
  })
  .input(editPreviewInput)
  .output(
    z.object({
      data: resource(
        "import_preview_changes",
        z.object({ changed_rows: z.number().int().describe("Preview rows named (each once).") }),
      ).describe("What changed; id is the import's id."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { changed } = await ctx.db.transaction((tx) =>
      editPreviewRows({ db: tx, workspace: ctx.caller.workspace }, input.id, input.rows),
    );
    return { data: { type: "import_preview_changes" as const, id: input.id, attributes: { changed_rows: changed } } };
  });
