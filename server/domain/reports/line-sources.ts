/**
 * The two sources of what reports count (the view category_lines, migration transaction_parts):
 * unsplit transactions whole, and the parts of split ones. A report that aggregates many rows sums
 * each source on its own and adds the few sums up: grouped on the view, PostgreSQL cannot use the
 * transactions' statistics and sorts the whole window on disk instead of hashing it (bench:reports,
 * 1M rows, 10% split: the heatmap 592 ms); in one UNION ALL it gives each branch one process, so the
 * large one is no longer scanned in parallel (343 ms); as two queries at once, each is planned as
 * the query it is (238 ms, with the parts read alone: PARTS_ALONE).
 */
export interface LineSource {
  /** The FROM clause; `t` is always the transaction. */
  from: string;
  /** This source's rows among the transactions. */
  where: string;
  amount: string;
  category: string;
  /** The tags a line carries: a part's own beside its transaction's. */
  tags: string;
}

const WHOLE: LineSource = {
  from: "transactions t",
  where: "NOT t.split",
  amount: "t.amount",
  category: "t.category_id",
  tags: "t.tags",
};

const PARTS: LineSource = {
  from: "transaction_parts p JOIN transactions t ON t.id = p.transaction_id",
  where: "t.split",
  amount: "p.amount",
  category: "p.category_id",
  tags: "(t.tags || p.tags)",
};

/**
 * The parts alone, with their copies of the transaction's account, currency, type and day: for sums
 * that need nothing else of the transaction, its tags only when a tag is asked for (evaluated then only).
 */
const PARTS_ALONE: LineSource = {
  from: "transaction_parts t",
  where: "TRUE",
  amount: "t.amount",
  category: "t.category_id",
  tags: "(t.tags || (SELECT w.tags FROM transactions w WHERE w.id = t.transaction_id))",
};

/** The sources of sums by account, category, type, currency and day (the reports' flows). */
export const FLOW_SOURCES: readonly LineSource[] = [WHOLE, PARTS_ALONE];

/** Both sources: a query of each, run at once, and their sums added up by the caller. */
export const LINE_SOURCES: readonly LineSource[] = [WHOLE, PARTS];

/**
 * Every transaction whole, split ones too, without a category: for sums that need none (income or
 * spending per month), which the parts of a split transaction add up to anyway.
 */
export const TOTALS_ONLY: readonly LineSource[] = [
  { from: "transactions t", where: "TRUE", amount: "t.amount", category: "NULL::uuid", tags: "t.tags" },
];
