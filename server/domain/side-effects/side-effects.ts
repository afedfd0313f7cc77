/** What a write created or changed, listed in its response (CONTRACT "Side effects"). */
export const SIDE_EFFECT_DOMAINS = [
  "transaction_templates",
  "import_jobs",
  "transactions",
  "wallets",
  "accounts",
] as const;
export const SIDE_EFFECT_ACTIONS = ["create", "upsert", "delete"] as const;
type SideEffectDomain = (typeof SIDE_EFFECT_DOMAINS)[number];
type SideEffectAction = (typeof SIDE_EFFECT_ACTIONS)[number];

export interface SideEffect {
  domain: SideEffectDomain;
  id: string;
  action: SideEffectAction;
  data: Record<string, unknown>;
}

/** Domain functions report into this; the procedure returns `list()` as `side_effects`. */
export class SideEffects {
  private readonly entries: SideEffect[] = [];
  // Position of each record's entry: a revert reports up to 100,000 deleted transactions.
  private readonly positions = new Map<string, number>();

  record(entry: SideEffect): void {
    // One entry per record: a later report about the same record replaces the earlier one.
    const key = `${entry.domain} ${entry.id}`;
    const index = this.positions.get(key);
    if (index === undefined) {
      this.positions.set(key, this.entries.length);
      this.entries.push(entry);
    } else {
      this.entries[index] = { ...entry, data: { ...this.entries[index]!.data, ...entry.data } };
    }
  }

  list(): SideEffect[] {
    return this.entries.map((entry) => ({ ...entry, data: { ...entry.data } }));
  }
}
