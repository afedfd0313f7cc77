import { z } from "zod";
import { listImports as listWorkspaceImports } from "../../../domain/imports/list-imports";
import { sessionProcedure } from "../../../trpc";
import { timestamp } from "../../shared/schemas";
import { importJobAttributes } from "../../programmatic/imports/import-schema";

const importSummary = z.object({
  id: z.uuid(),
  file_name: z.string(),
  file_type: z.string(),
  account_id: z.uuid(),
  account_name: z.string(),
  status: importJobAttributes.shape.status,
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  skipped_count: z.number().int(),
  error_count: z.number().int(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
});

/** The workspace's recent imports, newest first, without previews. */
export const listImports = sessionProcedure
  .input(z.object({ limit: z.number().int().min(1).max(100).default(20) }))
  .output(z.object({ data: z.array(importSummary) }))
  .query(async ({ ctx, input }) => ({
    data: await listWorkspaceImports({ db: ctx.db.prisma, workspace: ctx.caller.workspace }, input),
  }));
