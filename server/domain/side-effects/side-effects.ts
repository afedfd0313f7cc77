/** What a write created or changed, listed in its response (CONTRACT "Side effects"). */
export type SideEffectDomain = "transaction_templates" | "import_jobs" | "transactions" | "wallets" | "accounts";
export type SideEffectAction = "create" | "upsert" | "delete";

export interface SideEffect {
  domain: SideEffectDomain;
  id: string;
  action: SideEffectAction;
  data: Record<string, unknown>;
}

/** Domain functions report into this; the procedure returns `list()` as `side_effects`. */
export class SideEffects {
  private readonly entries: SideEffect[] = [];

  record(entry: SideEffect): void {
    // One entry per record: a later report about the same record replaces the earlier one.
    const index = this.entries.findIndex((existing) => existing.domain === entry.domain && existing.id === entry.id);
    if (index === -1) this.entries.push(entry);
    else this.entries[index] = { ...entry, data: { ...this.entries[index]!.data, ...entry.data } };
  }

  list(): SideEffect[] {
    return this.entries.map((entry) => ({ ...entry, data: { ...entry.data } }));
  }
}
