import type { SqlExecutor } from "../../server/db/client";
import { addDays, dayOfWeek, dayToDate, daysBetween, monthOf } from "../../server/domain/time/calendar";
import type { FxSeries } from "./fx";
import { centsToDecimal } from "./money";
import { SeededRandom } from "./random";
import type { RecurringSpec } from "./recurring";
import type { TxRow } from "./rows";
import { demoTrips, fitToBudget, fixedEvents, type FixedEvent, type StreamState } from "./schedule";
import type { DemoWorld } from "./setup";
import { createSpendingGenerator } from "./spending";

const BATCH_ROWS = 5_000;
const UNCATEGORISED_TARGET = 0.05;

/** Column-wise buffer: one array per column, sent as one `unnest` statement per batch. */
class TransactionBatch {
  columns = {
    id: [] as string[],
    accountId: [] as string[],
    currencyId: [] as string[],
    type: [] as string[],
    date: [] as string[],
    amount: [] as string[],
    foreignAmount: [] as (string | null)[],
    foreignCurrencyId: [] as (string | null)[],
    description: [] as string[],
    counterparty: [] as (string | null)[],
    categoryId: [] as (string | null)[],
    transferPeerId: [] as (string | null)[],
    recurringRuleId: [] as (string | null)[],
    createdAt: [] as string[],
  };

  get size(): number {
    return this.columns.id.length;
  }

  push(row: TxRow, createdAt: string): void {
    const c = this.columns;
    c.id.push(row.id);
    c.accountId.push(row.account.id);
    c.currencyId.push(row.account.currencyId);
    c.type.push(row.type);
    c.date.push(row.date);
    c.amount.push(centsToDecimal(row.amountCents));
    c.foreignAmount.push(row.foreignCents === null ? null : centsToDecimal(row.foreignCents));
    c.foreignCurrencyId.push(row.foreignCurrencyId);
    c.description.push(row.description);
    c.counterparty.push(row.counterparty);
    c.categoryId.push(row.categoryId);
    c.transferPeerId.push(row.transferPeerId);
    c.recurringRuleId.push(row.recurringRuleId);
    c.createdAt.push(createdAt);
  }

  /** Hands the filled columns over (for a write still in flight) and starts empty ones. */
  take(): TransactionBatch["columns"] {
    const filled = this.columns;
    this.columns = new TransactionBatch().columns;
    return filled;
  }
}

// One statement per batch; both rows of a transfer are always in the same batch, so the
// self-referencing transfer_peer_id foreign key is satisfied when the statement ends.
const INSERT_BATCH = `
INSERT INTO transactions (workspace_id, created_by_user_id, id, account_id, currency_id, type, date, amount,
  foreign_amount, foreign_currency_id, description, counterparty, category_id, transfer_peer_id, recurring_rule_id,
  created_at, updated_at)
SELECT $1::uuid, $2::uuid, u.id, u.account_id, u.currency_id, u.type::"TransactionType", u.date, u.amount,
  u.foreign_amount, u.foreign_currency_id, u.description, u.counterparty, u.category_id, u.transfer_peer_id,
  u.recurring_rule_id, u.created_at, u.created_at
FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::date[], $8::numeric[], $9::numeric[], $10::uuid[],
  $11::text[], $12::text[], $13::uuid[], $14::uuid[], $15::uuid[], $16::timestamptz[])
  AS u(id, account_id, currency_id, type, date, amount, foreign_amount, foreign_currency_id, description,
       counterparty, category_id, transfer_peer_id, recurring_rule_id, created_at)`;

async function insertBatch(sql: SqlExecutor, world: DemoWorld, c: TransactionBatch["columns"]): Promise<void> {
  await sql.query(INSERT_BATCH, [
    world.workspaceId,
    world.userId,
    c.id,
    c.accountId,
    c.currencyId,
    c.type,
    c.date,
    c.amount,
    c.foreignAmount,
    c.foreignCurrencyId,
    c.description,
    c.counterparty,
    c.categoryId,
    c.transferPeerId,
    c.recurringRuleId,
    c.createdAt,
  ]);
}

/** Day weights: busier Saturdays, quiet Sundays (shops are closed), busier on trips. */
function dayWeight(day: string, onTrip: boolean): number {
  const weekday = dayOfWeek(day);
  const base = weekday === 6 ? 13 : weekday === 0 ? 5 : 10;
  return onTrip ? base + 5 : base;
}

export interface TransactionStats {
  rows: number;
  transferRows: number;
  uncategorisedShare: number;
}

/**
 * Writes exactly `total` transaction rows over the history: the fixed-day bookings (trimmed
 * evenly if they alone exceed `total`) plus day-to-day spending spread over the days by weight.
 * Rows are generated and written day by day in batches; memory stays flat for any `total`.
 */
export async function writeTransactions(
  sql: SqlExecutor,
  world: DemoWorld,
  input: {
    total: number;
    specs: RecurringSpec[];
    fx: FxSeries;
    parallelBatches: number;
    log?: (message: string) => void;
  },
): Promise<TransactionStats> {
  const trips = demoTrips(world);
  const events = fitToBudget(fixedEvents(world, input.specs, trips, input.fx), input.total);
  const fixedRows = events.reduce((sum, event) => sum + event.rows, 0);
  const transferRows = events.reduce((sum, event) => sum + (event.rows === 2 ? 2 : 0), 0);
  const variableRows = input.total - fixedRows;
  const uncategorisedShare =
    variableRows > 0 ? Math.min(1, (UNCATEGORISED_TARGET * (input.total - transferRows)) / variableRows) : 0;

  const eventsByDay = new Map<string, FixedEvent[]>();
  for (const event of events) eventsByDay.set(event.day, [...(eventsByDay.get(event.day) ?? []), event]);

  const dayCount = daysBetween(world.start, world.today) + 1;
  const tripOn = (day: string) => trips.find((trip) => day >= trip.first && day <= trip.last);
  const cumulative = [0];
  for (let index = 0; index < dayCount; index += 1) {
    const day = addDays(world.start, index);
    cumulative.push((cumulative[index] ?? 0) + dayWeight(day, tripOn(day) !== undefined));
  }
  const totalWeight = cumulative[dayCount] ?? 1;
  // Integer arithmetic: day i gets floor(V*C[i+1]/W) - floor(V*C[i]/W) rows, exactly V in all.
  const variableUpTo = (index: number) => Math.floor((variableRows * (cumulative[index] ?? 0)) / totalWeight);

  const ids = new SeededRandom("transaction-ids");
  const state: StreamState = { ids, creditCardSpentByMonth: new Map() };
  const spending = createSpendingGenerator(world, input.fx, new SeededRandom("spending"), ids, uncategorisedShare);
  const batch = new TransactionBatch();
  let written = 0;
  let nextLog = 100_000;

  const add = (row: TxRow, createdAt: string) => {
    batch.push(row, createdAt);
    if (row.account.id === world.accounts.creditCard.id && row.type !== "transfer") {
      const month = monthOf(row.date);
      state.creditCardSpentByMonth.set(month, (state.creditCardSpentByMonth.get(month) ?? 0) - row.amountCents);
    }
  };
  // Batches are written while the next ones are generated; PostgreSQL takes a few at once.
  const inFlight: Promise<void>[] = [];
  const flushIfFull = async (force = false) => {
    if (batch.size === 0 || (!force && batch.size < BATCH_ROWS)) return;
    const size = batch.size;
    const columns = batch.take();
    if (inFlight.length >= input.parallelBatches) await inFlight.shift();
    const write = insertBatch(sql, world, columns);
    write.catch(() => undefined); // awaited above or at the end; this only avoids an unhandled rejection
    inFlight.push(write);
    written += size;
    if (written >= nextLog) {
      input.log?.(`  ${written.toLocaleString("en-US")} / ${input.total.toLocaleString("en-US")} transactions`);
      nextLog += 100_000;
    }
  };

  for (let index = 0; index < dayCount; index += 1) {
    const day = addDays(world.start, index);
    const midnight = dayToDate(day).getTime();
    let sequence = 0;
    // Bookings of a day are "created" from 07:00 UTC on, a few seconds apart, in a fixed order.
    const createdAt = () => new Date(midnight + 25_200_000 + 7_000 * sequence++).toISOString();
    for (const event of eventsByDay.get(day) ?? []) {
      for (const row of event.build(state)) add(row, createdAt());
      await flushIfFull();
    }
    const trip = tripOn(day);
    const count = variableUpTo(index + 1) - variableUpTo(index);
    for (let row = 0; row < count; row += 1) {
      add(spending.next(day, trip), createdAt());
      await flushIfFull();
    }
  }
  await flushIfFull(true);
  await Promise.all(inFlight);
  if (written !== input.total) throw new Error(`Wrote ${written} transactions instead of ${input.total}`);
  return { rows: written, transferRows, uncategorisedShare };
}
