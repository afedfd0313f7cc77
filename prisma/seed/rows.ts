import type { SeededRandom } from "./random";
import type { DemoAccount } from "./setup";

/** One transaction row before it is written; amounts in whole cents, signed from the account's view. */
export interface TxRow {
  id: string;
  account: DemoAccount;
  type: "expense" | "income" | "transfer";
  date: string;
  amountCents: number;
  foreignCents: number | null;
  foreignCurrencyId: string | null;
  description: string;
  counterparty: string | null;
  categoryId: string | null;
  transferPeerId: string | null;
  recurringRuleId: string | null;
}

export interface BookingInput {
  account: DemoAccount;
  date: string;
  amountCents: number;
  description: string;
  counterparty?: string | null;
  categoryId?: string | null;
  recurringRuleId?: string | null;
  foreign?: { cents: number; currencyId: string } | null;
}

/** An expense (negative amount) or income (positive amount) on one account. */
export function booking(ids: SeededRandom, input: BookingInput): TxRow {
  return {
    id: ids.uuid(),
    account: input.account,
    type: input.amountCents < 0 ? "expense" : "income",
    date: input.date,
    amountCents: input.amountCents,
    foreignCents: input.foreign?.cents ?? null,
    foreignCurrencyId: input.foreign?.currencyId ?? null,
    description: input.description,
    counterparty: input.counterparty ?? null,
    categoryId: input.categoryId ?? null,
    transferPeerId: null,
    recurringRuleId: input.recurringRuleId ?? null,
  };
}

export interface TransferInput {
  from: DemoAccount;
  to: DemoAccount;
  date: string;
  /** Leaves `from`, positive, in `from`'s currency. */
  cents: number;
  /** Arrives on `to` when its currency differs; equal to `cents` otherwise. */
  receivedCents?: number;
  description?: string;
  recurringRuleId?: string | null;
}

/** A transfer: two rows with opposite amounts whose transfer_peer_id point at each other. */
export function transfer(ids: SeededRandom, input: TransferInput): [TxRow, TxRow] {
  const outId = ids.uuid();
  const inId = ids.uuid();
  const received = input.receivedCents ?? input.cents;
  const crossCurrency = input.from.currencyId !== input.to.currencyId;
  const common = {
    type: "transfer" as const,
    date: input.date,
    categoryId: null,
    recurringRuleId: input.recurringRuleId ?? null,
  };
  return [
    {
      ...common,
      id: outId,
      account: input.from,
      amountCents: -input.cents,
      foreignCents: crossCurrency ? -received : null,
      foreignCurrencyId: crossCurrency ? input.to.currencyId : null,
      description: input.description ?? `Transfer to ${input.to.name}`,
      counterparty: input.to.name,
      transferPeerId: inId,
    },
    {
      ...common,
      id: inId,
      account: input.to,
      amountCents: received,
      foreignCents: crossCurrency ? input.cents : null,
      foreignCurrencyId: crossCurrency ? input.from.currencyId : null,
      description: input.description ?? `Transfer from ${input.from.name}`,
      counterparty: input.from.name,
      transferPeerId: outId,
    },
  ];
}
