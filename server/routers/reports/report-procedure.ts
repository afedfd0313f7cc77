import type { z } from "zod";
import type { WindowRequest } from "../../domain/reports/window";
import type { WorkspaceContext } from "../../domain/workspace-context";
import { workspaceProcedure } from "../../trpc/builders";
import type { Meta } from "../../trpc/context";
import { noInput, reportInput, reportOutput, windowRequest } from "./schemas";

/** What makes one report operation: its REST path and documentation, and the shape of its figures. */
interface ReportDefinition<Type extends string, Attributes extends z.ZodType> {
  /** The data's `type`, e.g. "category_heatmap"; the REST path is its kebab-case form. */
  type: Type;
  operationId: string;
  summary: string;
  description: string;
  /** The report's schema in the OpenAPI document and the MCP tool's output. */
  component: { id: string; description: string };
  attributes: Attributes;
}

type ReportData<Type extends string, Attributes extends z.ZodType> = z.input<
  ReturnType<typeof reportOutput<Type, Attributes>>
>["data"];

function reportMeta({ type, operationId, summary, description }: ReportDefinition<string, z.ZodType>): Meta {
  return {
    openapi: {
      method: "GET" as const,
      path: `/api/v1/programmatic/reports/${type.replace(/_/g, "-")}` as const,
      operationId,
      tags: ["reports"],
      summary,
      description,
    },
  };
}

/** A report over a window of months chosen by `month`, `range` and `period` (endpoints 14, 15, 18, 19). */
export function windowedReport<Type extends string, Attributes extends z.ZodType>(
  definition: ReportDefinition<Type, Attributes>,
  build: (context: WorkspaceContext, window: WindowRequest) => Promise<ReportData<Type, Attributes>>,
) {
  return workspaceProcedure("reports:read")
    .meta(reportMeta(definition))
    .input(reportInput)
    .output(reportOutput(definition.type, definition.attributes, definition.component))
    .query(async ({ ctx, input }) => ({
      data: await build({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
    }));
}

/** A report over the whole history, taking no parameters (endpoints 16 and 17). */
export function wholeHistoryReport<Type extends string, Attributes extends z.ZodType>(
  definition: ReportDefinition<Type, Attributes>,
  build: (context: WorkspaceContext) => Promise<ReportData<Type, Attributes>>,
) {
  return workspaceProcedure("reports:read")
    .meta(reportMeta(definition))
    .input(noInput)
    .output(reportOutput(definition.type, definition.attributes, definition.component))
    .query(async ({ ctx }) => ({ data: await build({ db: ctx.db, workspace: ctx.caller.workspace }) }));
}
