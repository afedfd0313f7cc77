import { z } from "zod";
import { checkHealth } from "../../domain/system/check-health";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../errors";
import { publicProcedure } from "../../trpc";

export const healthOutput = z.object({
  status: z.enum(["ok", "degraded", "draining"]),
  database: z.enum(["ok", "unavailable"]),
  rate_limit_store: z.enum(["redis", "memory", "memory (redis unavailable)"]),
  version: z.string(),
});

export const health = publicProcedure
  .meta({
    alternateStatuses: [503],
    openapi: {
      method: "GET",
      path: "/api/v1/health",
      operationId: "getHealth",
      tags: ["system"],
      summary: "Service health",
      description:
        "200 when the service and its database answer; 503 with database \"unavailable\" otherwise, and 503 with status \"draining\" while this instance shuts down. `rate_limit_store` says where rate-limit counters are kept.",
      protect: false,
    },
  })
  .input(z.void())
  .output(healthOutput)
  .query(async ({ ctx }) => {
    const report = await checkHealth({ db: ctx.db });
    if (report.status !== "ok") {
      ctx.response.status = 503;
      ctx.response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return report;
  });
