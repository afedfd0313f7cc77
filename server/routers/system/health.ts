import { z } from "zod";
import type { Db } from "../../db";
import { checkHealth, type HealthReport } from "../../domain/system/check-health";
import { isDraining } from "../../http/shutdown";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../errors";
import { publicProcedure } from "../../trpc/builders";
import type { DirectAnswer } from "../../trpc/context";

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

/** Health's answer: 200 with the report, or 503 with Retry-After when the database does not answer or this instance drains. */
async function answerHealth(db: Db): Promise<DirectAnswer & { body: HealthReport }> {
  const report = await checkHealth({ db, draining: isDraining() });
  return report.status === "ok"
    ? { status: 200, headers: {}, body: report }
    : { status: 503, headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) }, body: report };
}

export const healthProcedure = publicProcedure
  .meta({
    alternateStatuses: [503],
    direct: answerHealth,
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
    const { status, headers, body } = await answerHealth(ctx.db);
    if (status !== 200) ctx.response.status = status;
    for (const [name, value] of Object.entries(headers)) ctx.response.headers.set(name, value);
    return body;
  });
