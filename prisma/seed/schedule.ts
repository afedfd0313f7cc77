import { addDays, addMonths, endOfMonth, monthOf } from "../../server/domain/time/calendar";
import type { FxSeries } from "./fx";
import { convertCents } from "./money";
import { SeededRandom } from "./random";
import { dayOfHistoryMonth, occurrences, type RecurringSpec } from "./recurring";
import { booking, transfer, type BookingInput, type TxRow } from "./rows";
import type { AccountKey, DemoWorld } from "./setup";

/** A trip: most spending on its days is in its currency, booked on its account. */
export interface Trip {
  city: string;
  first: string;
  last: string;
  currency: "EUR" | "USD" | "GBP";
  account: AccountKey;
}

export function demoTrips(world: DemoWorld): Trip[] {
  const trip = (
    city: string,
    monthIndex: number,
    day: number,
    days: number,
    currency: Trip["currency"],
    account: AccountKey,
  ): Trip => {
    const first = dayOfHistoryMonth(world, monthIndex, day);
    return { city, first, last: addDays(first, days - 1), currency, account };
  };
  return [
    trip("Lisbon", 3, 20, 7, "EUR", "travelEur"),
    trip("New York", 7, 9, 12, "USD", "travelUsd"),
    trip("London", 13, 14, 5, "GBP", "creditCard"),
    trip("San Francisco", 19, 3, 10, "USD", "travelUsd"),
  ].filter((candidate) => candidate.last <= world.today);
}

/** What the stream knows when it builds an event: credit card spending per month so far. */
export interface StreamState {
  ids: SeededRandom;
  creditCardSpentByMonth: Map<string, number>;
}

/** A booking that happens on a fixed day whatever the size of the history (salary, rent, ...). */
/** A day's one booking, as a fixed event. */
function oneBooking(input: BookingInput): FixedEvent {
  return { day: input.date, rows: 1, build: ({ ids }) => [booking(ids, input)] };
}

export interface FixedEvent {
  day: string;
  rows: 1 | 2;
  build(state: StreamState): TxRow[];
}

function recurringEvents(world: DemoWorld, spec: RecurringSpec): FixedEvent[] {
  return occurrences(spec, world.start, world.today).map((day) => {
    const cents = spec.amountOn?.(day) ?? spec.amountCents;
    const account = world.accounts[spec.account];
    if (spec.type === "transfer") {
      const destination = world.accounts[spec.destination ?? "savings"];
      return {
        day,
        rows: 2,
        build: ({ ids }) =>
          transfer(ids, {
            from: account,
            to: destination,
            date: day,
            cents,
            recurringRuleId: spec.id,
            description: spec.description,
          }),
      };
    }
    return {
      day,
      rows: 1,
      build: ({ ids }) => [
        booking(ids, {
          account,
          date: day,
          amountCents: spec.type === "income" ? cents : -cents,
          description: spec.description,
          counterparty: spec.counterparty,
          categoryId: spec.category ? world.category(spec.category) : null,
          recurringRuleId: spec.id,
        }),
      ],
    };
  });
}

/** Every fixed-day booking of the history, in day order. */
export function fixedEvents(world: DemoWorld, specs: RecurringSpec[], trips: Trip[], fx: FxSeries): FixedEvent[] {
  const random = new SeededRandom("fixed-events");
  const on = (monthIndex: number, day: number) => dayOfHistoryMonth(world, monthIndex, day);
  const { accounts } = world;
  const events: FixedEvent[] = specs.flatMap((spec) => recurringEvents(world, spec));

  const clients = ["Kessler Design GmbH", "Studio Feldmann", "Moritz & Partner"];
  let invoice = 0;
  for (let month = 0; month < 24; month += 1) {
    const day = on(month, random.int(10, 22));
    const cents = random.int(7, 28) * 5_000;
    const client = random.pick(clients);
    if (!random.chance(0.55)) continue;
    invoice += 1;
    const description = `Invoice ${day.slice(0, 4)}-${String(invoice).padStart(3, "0")} ${client}`;
    events.push(
      oneBooking({
        account: accounts.checking,
        date: day,
        amountCents: cents,
        description,
        counterparty: client,
        categoryId: world.category("freelance"),
      }),
    );
  }

  for (let month = 0; month < 24; month += 1) {
    const day = endOfMonth(addMonths(world.start, month));
    if (![3, 6, 9, 12].includes(Number(day.slice(5, 7)))) continue;
    const cents = 3_000 + month * 120;
    events.push(
      oneBooking({
        account: accounts.savings,
        date: day,
        amountCents: cents,
        description: "Interest credit",
        counterparty: "ING",
        categoryId: world.category("interest"),
      }),
    );
  }

  for (const month of [5, 17]) {
    const day = on(month, 12);
    const cents = random.int(45_000, 95_000);
    const year = Number(day.slice(0, 4)) - 1;
    events.push(
      oneBooking({
        account: accounts.checking,
        date: day,
        amountCents: cents,
        description: `Einkommensteuer Erstattung ${year}`,
        counterparty: "Finanzamt Berlin",
        categoryId: world.category("taxes"),
      }),
    );
  }

  // The card is settled in full on the 5th for the previous month's spending.
  for (let month = 1; month < 24; month += 1) {
    const day = on(month, 5);
    const statementMonth = monthOf(addMonths(day, -1));
    events.push({
      day,
      rows: 2,
      build: ({ ids, creditCardSpentByMonth }) =>
        transfer(ids, {
          from: accounts.checking,
          to: accounts.creditCard,
          date: day,
          cents: Math.max(0, creditCardSpentByMonth.get(statementMonth) ?? 0),
          description: `Credit card statement ${statementMonth}`,
        }),
    });
  }

  // Cash for the trip a few days before leaving; EUR->USD carries the foreign amount.
  for (const trip of trips) {
    if (trip.account === "creditCard") continue;
    const day = addDays(trip.first, -5);
    const cents = trip.currency === "USD" ? 200_000 : 130_000;
    const to = accounts[trip.account];
    const received = trip.currency === "USD" ? convertCents(cents, 1 / fx.toEur("USD", day)) : cents;
    events.push({
      day,
      rows: 2,
      build: ({ ids }) =>
        transfer(ids, {
          from: accounts.checking,
          to,
          date: day,
          cents,
          receivedCents: received,
          description: `Travel money ${trip.city}`,
        }),
    });
  }

  return events
    .filter((event) => event.day >= world.start && event.day <= world.today)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/**
 * Keeps fixed events within a row budget, spread evenly over the history, so that a tiny
 * `transactions` option still gives exactly that many rows.
 */
export function fitToBudget(events: FixedEvent[], budget: number): FixedEvent[] {
  const total = events.reduce((sum, event) => sum + event.rows, 0);
  if (total <= budget) return events;
  const kept: FixedEvent[] = [];
  let seen = 0;
  let used = 0;
  for (const event of events) {
    seen += event.rows;
    if (used + event.rows <= Math.floor((budget * seen) / total)) {
      kept.push(event);
      used += event.rows;
    }
  }
  return kept;
}
