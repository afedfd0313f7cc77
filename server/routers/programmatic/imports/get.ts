import { z } from "zod";
import { getImport as getWorkspaceImport } from "../../../domain/imports/confirm-import";
import { patProcedure } from "../../../trpc";
import { importJobResource } from "./import-schema";

export const getImport = patProcedure("imports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/imports/{id}",
      tags: ["imports"],
      summary: "Get a statement import (endpoint 5)",
      description: "The job with its preview rows and, once completed, its counts.",
    },
  })
  .input(z.object({ id: z.uuid() }))
  .output(z.object({ data: importJobResource }))
  .query(async ({ ctx, input }) => {
    const job = await getWorkspaceImport({ db: ctx.db.prisma, workspace: ctx.caller.workspace }, input.id);
    return { data: { type: "import_jobs" as const, ...job } };
  });
