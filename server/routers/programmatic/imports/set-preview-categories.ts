import { z } from "zod";
import { setPreviewCategories as setWorkspacePreviewCategories } from "../../../domain/imports/preview-categories";
import { workspaceProcedure } from "../../../trpc/builders";
import { resource } from "../../shared/schemas";

const MAX_CHANGES = 2_000;

export const setPreviewCategories = workspaceProcedure("imports:create")
  .meta({
    tool: "set_import_preview_categories",
    errors: ["IMPORT_STATE_CONFLICT", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "PATCH",
      path: "/api/v1/programmatic/imports/{id}/preview",
      operationId: "setImportPreviewCategories",
      tags: ["imports"],
      summary: "Choose categories for preview rows",
      description:
        "Before confirming: sets the category of the rows named (null: none); confirm books what the preview shows. Such " +
        "rows have category_source, category_confidence and category_reason null. All or nothing: 400 for a row the " +
        "preview does not have, 404 for a category of no workspace of yours, 422 for an archived one, 409 " +
        "IMPORT_STATE_CONFLICT once the import is confirmed. A re-read (reparse) computes the categories again.",
    },
  })
  .input(
    z.strictObject({
      id: z.uuid().describe("The import's id."),
      rows: z
        .array(
          z.strictObject({
            row: z.number().int().min(1).describe("The preview row's `row`."),
            category_id: z.uuid().nullable().describe("The category to book it with; null for none."),
          }),
        )
        .min(1)
        .max(MAX_CHANGES)
        .describe(`The rows to change (at most ${MAX_CHANGES} a call).`),
    }),
  )
  .output(
    z.object({
      data: resource(
        "import_preview_changes",
        z.object({ changed_rows: z.number().int().describe("Preview rows whose category was set.") }),
      ).describe("What changed; id is the import's id."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { changed } = await ctx.db.prisma.$transaction((tx) =>
      setWorkspacePreviewCategories({ db: tx, workspace: ctx.caller.workspace }, input.id, input.rows),
    );
    return { data: { type: "import_preview_changes" as const, id: input.id, attributes: { changed_rows: changed } } };
  });
