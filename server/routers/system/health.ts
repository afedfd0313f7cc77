import { z } from "zod";
import { checkHealth } from "../../domain/system/check-health";
import { isDraining } from "../../http/shutdown";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../errors";
import { publicProcedure } from "../../trpc/builders";

const healthOutput = z
  .object({
    status: z
      .enum(["ok", "degraded", "draining"])
      .describe(
        "ok (200); degraded: the database does not answer (503); draining: this instance is shutting down (503).",
      ),
    database: z.enum(["ok", "unavailable"]).describe("ok when SELECT 1 answers within 3 seconds, else unavailable."),
    rate_limit_store: z
      .enum(["redis", "memory", "memory (redis unavailable)"])
      .describe(
        "Where rate-limit counters are kept: redis (shared by every instance), memory (no REDIS_URL), or memory while Redis is unreachable.",
      ),
    version: z.string().describe("The service's version (package.json)."),
  })
  .meta({ id: "Health", description: "Whether the service and its database answer." });

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
        '200 when the service and its database answer; 503 with database "unavailable" otherwise, and 503 with status "draining" while this instance shuts down. `rate_limit_store` says where rate-limit counters are kept.',
      protect: false,
    },
  })
  .input(z.void())
  .output(healthOutput)
  .query(async ({ ctx }) => {
    const report = await checkHealth({ db: ctx.db, draining: isDraining() });
    if (report.status !== "ok") {
      ctx.response.status = 503;
      ctx.response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return report;
  });
