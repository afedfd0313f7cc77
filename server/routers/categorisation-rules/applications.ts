/** The applications of rules to past transactions: read them, and undo one. */
import { z } from "zod";
import { getApplication, listApplications, undoApplication } from "../../domain/categorisation/rule-applications";
import { kickRuleApplications } from "../../jobs/rule-application-worker";
import { idempotentWorkspaceProcedure, workspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite } from "../shared/idempotent";
import { pageMeta, pageMetaOf, pageModeQuery } from "../shared/schemas";
import { applicationResource, applicationView } from "./application-schemas";
import { callerContext } from "../shared/caller-context";

const idInput = z.strictObject({ id: z.uuid().describe("The application's id.") });

export const listApplicationsProcedure = workspaceProcedure("rules:read")
  .meta({
    tool: "list_rule_applications",
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/categorisation-rule-applications",
      operationId: "listRuleApplications",
      tags: ["categorisation-rules"],
      summary: "List applications of rules to past transactions",
      description: "Newest first.",
    },
  })
  .input(pageModeQuery({}))
  .output(z.object({ data: z.array(applicationResource), meta: pageMeta }))
  .query(async ({ ctx, input }) => {
    const { items, total } = await listApplications(callerContext(ctx), input);
    return { data: items.map(applicationView), meta: pageMetaOf(input.page, input.limit, total) };
  });

export const getApplicationProcedure = workspaceProcedure("rules:read")
  .meta({
    tool: "get_rule_application",
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/categorisation-rule-applications/{id}",
      operationId: "getRuleApplication",
      tags: ["categorisation-rules"],
      summary: "Get an application of rules (its progress)",
      description: "Poll it while status is queued, running or undoing.",
    },
  })
  .input(idInput)
  .output(z.object({ data: applicationResource }))
  .query(async ({ ctx, input }) => ({
    data: applicationView(await getApplication(callerContext(ctx), input.id)),
  }));

export const undoApplicationProcedure = idempotentWorkspaceProcedure("rules:write")
  .meta({
    tool: "undo_rule_application",
    errors: ["RULE_APPLICATION_CONFLICT"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/categorisation-rule-applications/{id}/undo",
      operationId: "undoRuleApplication",
      tags: ["categorisation-rules"],
      summary: "Undo an application of rules",
      description:
        "Needs an Idempotency-Key. Puts back the category (and counterparty) every changed transaction had, in the background " +
        "(status undoing, then undone). A transaction changed again since keeps its newer category (kept_count). 409 " +
        "RULE_APPLICATION_CONFLICT unless the application is completed (or failed part-way), or while another one runs.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(idInput)
  .output(z.object({ data: applicationResource.describe("The application, now undoing.") }))
  .mutation(async ({ ctx, input }) => {
    const { data } = await idempotentWrite(ctx, input, async (tx) =>
      applicationView(await undoApplication(callerContext(ctx, tx), input.id)),
    );
    kickRuleApplications();
    return { data };
  });
