/**
 * budget.exceeded and insight.created: states of a workspace found by looking at it, not by one
 * write (a budget goes over with the sum of many transactions; an insight appears when the facts of
 * the month say so, also when a day passes). For each workspace with an enabled endpoint taking one
 * of them, whenever its data version or its day has changed since this process last looked: the
 * active budgets whose current period is over, and the current month's insights. Each is announced
 * once: a mark (webhook_event_marks) and the event are written in one transaction, and a mark that
 * exists already (another instance looked first) writes nothing. The first look at a workspace
 * marks what it finds without announcing it: a new subscriber is told what happens next, not the
 * insights it could already read.
 */
import type { Db } from "../../db";
import { classifyDatabaseFailure } from "../../db/errors";
import { logger } from "../../logger";
import { listBudgets } from "../budgets/read-budgets";
import { workspaceDataVersion } from "../data-version/data-version";
import type { WorkspaceRef } from "../identity/authenticate";
import { listInsights } from "../insights/list-insights";
import { monthOf, todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { emitWebhookEvent, type WebhookEventType } from "./events";

const DERIVED = ["budget.exceeded", "insight.created"] as const satisfies readonly WebhookEventType[];
type DerivedType = (typeof DERIVED)[number];

/** A state to announce once: its mark's key and the event's data. */
interface Found {
  key: string;
  data: Record<string, unknown>;
}

/** What this process saw at its last look at each workspace (data version and day): unchanged, nothing to do. */
export type LookedAt = Map<string, string>;

export function lookedAt(): LookedAt {
  return new Map();
}

async function exceededBudgets(context: WorkspaceContext): Promise<Found[]> {
  const budgets = await listBudgets(context, { mode: "page", page: 1, limit: 10_000 }, { active: true });
  return budgets.items
    .filter((budget) => budget.attributes.current_period.status === "over")
    .map(({ id, attributes }) => ({
      key: `budget:${id}:${attributes.current_period.period_start}`,
      data: {
        budget_id: id,
        name: attributes.name,
        period_start: attributes.current_period.period_start,
        period_end: attributes.current_period.period_end,
        available: attributes.current_period.available,
        spent: attributes.current_period.spent,
        currency_code: attributes.currency.code,
      },
    }));
}

async function currentInsights(context: WorkspaceContext, today: string): Promise<Found[]> {
  const period = monthOf(today);
  const { insights } = await listInsights(context, { period });
  return insights.map((insight) => ({
    key: `insight:${insight.id}`,
    data: {
      insight_id: insight.id,
      type: insight.type,
      priority: insight.priority,
      period,
      triggered_at: insight.triggered_at,
    },
  }));
}

/**
 * Marks and announces what is new in `found` for one event type; on the type's first look at the
 * workspace (no baseline mark yet), only marks. Returns the events written.
 */
async function announce(db: Db, workspaceId: string, type: DerivedType, found: Found[]): Promise<number> {
  return db.transaction(async (tx) => {
    const baseline = await tx.sql.query<{ key: string }>(
      `INSERT INTO webhook_event_marks (workspace_id, key) VALUES ($1::uuid, $2)
       ON CONFLICT DO NOTHING RETURNING key`,
      [workspaceId, `baseline:${type}`],
    );
    const first = baseline.length > 0;
    if (found.length === 0) return 0;
    const marked = await tx.sql.query<{ key: string }>(
      `INSERT INTO webhook_event_marks (workspace_id, key) SELECT $1::uuid, key FROM unnest($2::text[]) AS key
       ON CONFLICT DO NOTHING RETURNING key`,
      [workspaceId, found.map((each) => each.key)],
    );
    if (first) return 0;
    const fresh = new Set(marked.map((row) => row.key));
    let written = 0;
    for (const each of found) {
      if (!fresh.has(each.key)) continue;
      await emitWebhookEvent(tx, workspaceId, type, each.data);
      written += 1;
    }
    return written;
  });
}

interface Subscribed {
  id: string;
  timezone: string;
  home_currency_id: string;
  plan: WorkspaceRef["plan"];
  types: DerivedType[];
}

/**
 * One look at every workspace with an enabled endpoint taking budget.exceeded or insight.created
 * whose data or day changed since `seen` last recorded it. Returns the events written.
 */
export async function announceDerivedEvents(db: Db, seen: LookedAt, now = new Date()): Promise<number> {
  const workspaces = await db.sql.query<Subscribed>(
    `SELECT w.id::text AS id, w.timezone, w.home_currency_id::text AS home_currency_id, w.plan::text AS plan,
            array_agg(DISTINCT t.type) AS types
       FROM webhook_endpoints e
       JOIN workspaces w ON w.id = e.workspace_id
       CROSS JOIN LATERAL unnest(e.events) AS t(type)
      WHERE e.enabled AND t.type = ANY($1::text[])
      GROUP BY w.id`,
    [[...DERIVED]],
  );
  let written = 0;
  for (const row of workspaces) {
    const context: WorkspaceContext = {
      db,
      workspace: { id: row.id, timezone: row.timezone, homeCurrencyId: row.home_currency_id, plan: row.plan },
      now,
    };
    // One workspace that fails (its data, a bug) is logged and looked at again next pass; the others go on.
    try {
      const today = todayIn(row.timezone, now);
      const state = `${await workspaceDataVersion(context)}|${today}|${[...row.types].sort().join()}`;
      if (seen.get(row.id) === state) continue;
      if (row.types.includes("budget.exceeded"))
        written += await announce(db, row.id, "budget.exceeded", await exceededBudgets(context));
      if (row.types.includes("insight.created"))
        written += await announce(db, row.id, "insight.created", await currentInsights(context, today));
      seen.set(row.id, state);
    } catch (error) {
      if (classifyDatabaseFailure(error) === "unavailable") throw error;
      logger.error({ err: error, workspaceId: row.id }, "webhook derived events: the workspace could not be looked at");
    }
  }
  return written;
}
