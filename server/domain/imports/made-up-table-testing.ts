/**
 * Tables with headers in made-up words, in shuffled order, so that nothing but the options a person
 * gives can say which column is which.
 */

/** A small deterministic generator (mulberry32), so a failure names the seed that made it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["zor", "quen", "blat", "mip", "trosk", "vel", "ung", "drab", "yix", "pol", "karn", "obo"];

export interface Made {
  csv: string;
  headers: string[];
  /** Column index of each role. */
  at: { date: number; text: number; amount: number; other: number };
  expected: Array<{ date: string; amount: string; description: string }>;
}

/**
 * A table of `rows` transactions: a month-first date (days 1-12, so a day-first reading also
 * "works"), a text, the amount with a decimal comma, and a second number column of no meaning.
 */
export function madeUpTable(seed: number, rows: number): Made {
  const next = random(seed);
  const word = () =>
    Array.from({ length: 2 + Math.floor(next() * 2) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join("");
  const order = ["date", "text", "amount", "other"].sort(() => next() - 0.5) as Array<keyof Made["at"]>;
  const at = Object.fromEntries(order.map((role, index) => [role, index])) as Made["at"];
  const headers = order.map(() => word());
  const expected: Made["expected"] = [];
  const lines = [headers.join(";")];
  for (let i = 0; i < rows; i += 1) {
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 12);
    const cents = Math.floor(next() * 200_000) - 100_000;
    const amount = (cents / 100).toFixed(2);
    const description = `${word()} ${word()}`;
    const cells: Record<keyof Made["at"], string> = {
      date: `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/2025`,
      text: description,
      amount: amount.replace(".", ","),
      other: String(Math.floor(next() * 900) + 100),
    };
    lines.push(order.map((role) => cells[role]).join(";"));
    expected.push({
      date: `2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      amount,
      description,
    });
  }
  return { csv: `${lines.join("\n")}\n`, headers, at, expected };
}
