import { startApplication } from "../../domain/categorisation/rule-applications";
import { dryRunRules } from "../../domain/categorisation/rule-previews";
import { kickRuleApplications } from "../../jobs/rule-application-worker";
import { workspaceProcedure, writeKey, writtenOperation } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite } from "../shared/idempotent";
import { applicationView, applyRulesInput, applyRulesOutput } from "./application-schemas";
import { callerContext } from "../shared/caller-context";

export const applyRulesProcedure = workspaceProcedure("rules:write")
  .meta({
    successStatus: 201,
    alternateStatuses: [200],
    idempotent: "unless_dry_run",
    tool: "apply_categorisation_rules",
    errors: [
      "RESOURCE_NOT_FOUND",
      "RULE_APPLICATION_CONFLICT",
      "DOMAIN_CONSTRAINT_VIOLATION",
      "IDEMPOTENCY_KEY_INVALID",
      "IDEMPOTENCY_KEY_REUSED",
      "IDEMPOTENCY_KEY_IN_PROGRESS",
    ],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/categorisation-rules/apply",
      operationId: "applyCategorisationRules",
      tags: ["categorisation-rules"],
      summary: "Apply rules to past transactions (dry run by default)",
      description:
        "dry_run true (default): 200 with how many transactions the rules would change and the first 100 changes (from/to); " +
        "nothing changes. dry_run false: needs an Idempotency-Key; 201 with the application, which runs in batches in the " +
        "background (GET .../categorisation-rule-applications/{id} for its status) and can be undone as one change. The first " +
        "matching rule (in order) wins; transfers are never categorised. 409 RULE_APPLICATION_CONFLICT while another " +
        "application or undo of the workspace runs.",
      requestHeaders: idempotencyHeaders.partial(),
    },
  })
  .use(({ meta, next }) => next({ ctx: { operation: writtenOperation(meta) } }))
  .input(applyRulesInput)
  .output(applyRulesOutput)
  .mutation(async ({ ctx, input: { dry_run: dryRun, ...request } }) => {
    if (dryRun) {
      ctx.response.status = 200;
      const preview = await dryRunRules(callerContext(ctx), request);
      return { data: { type: "rule_application_previews" as const, id: null, attributes: preview } };
    }
    const { data } = await idempotentWrite(
      { ...ctx, idempotencyKey: writeKey(ctx) },
      { ...request, dry_run: false },
      async (tx) => applicationView(await startApplication(callerContext(ctx, tx), request)),
    );
    kickRuleApplications();
    return { data };
  });
