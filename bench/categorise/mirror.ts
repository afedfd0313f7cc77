/**
 * Histories read at bench time from local snapshots of public repositories that carry no licence:
 * they are never copied into the project (SOURCES.md, "Read from a local snapshot"); when the snapshot
 * is on this machine (`<mirror dir>/<owner>+<name>/repo`, a bare git directory) the bench converts the
 * named files at the named commit, in memory, and measures them next to corpus/; otherwise it says
 * which are missing and goes on without them.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { History, LabelledRow } from "./corpus";
import { parseBeancount } from "./convert/beancount";
import { expenseLogToRows } from "./convert/expense-log";
import { journalToRows, parseJournal } from "./convert/journal";
import { mobillsToRows } from "./convert/mobills";
import { notesLogToRows } from "./convert/notes-log";
import { spiirToRows } from "./convert/spiir";
import { sqlLedgerToRows } from "./convert/sql-ledger";

type MirrorSource = {
  id: string;
  repo: string;
  commit: string;
  /** Paths at the commit, or a pattern over the commit's file list. */
  paths: readonly string[] | RegExp;
  /** The files' text (UTF-8), or their bytes when `binary` (a workbook). */
  convert: (files: readonly string[]) => LabelledRow[];
  binary?: (files: readonly Buffer[]) => LabelledRow[];
};

const beancount = (texts: readonly string[]) => journalToRows(texts.flatMap((text) => parseBeancount(text)));
const journal = (texts: readonly string[]) => journalToRows(parseJournal(texts.join("\n"), { lenient: true }));

const MIRROR_SOURCES: readonly MirrorSource[] = [
  {
    id: "paddie-spiir",
    repo: "paddie/finance",
    commit: "56b809e",
    paths: ["spiir/2019.csv", "spiir/2020.csv"],
    convert: (texts) => texts.flatMap(spiirToRows),
  },
  {
    id: "wissam-hledger",
    repo: "wissam124/hledger-journal",
    commit: "1e9f51e",
    paths: /^20\d\d\/20\d{4}\.journal$/,
    convert: journal,
  },
  {
    id: "leononame-cash",
    repo: "leononame/beancount",
    commit: "0cbaedc",
    paths: ["2023/leo.bean", "2024/leo.bean"],
    convert: beancount,
  },
  {
    id: "leononame-bank",
    repo: "leononame/beancount",
    commit: "0cbaedc",
    paths: ["2023/otro.bean", "2024/otro.bean"],
    convert: beancount,
  },
  {
    id: "fireflyshen-bills",
    repo: "fireflyshen/Bills",
    commit: "edd0263",
    paths: /^journal\/20\d\d\/20\d\d-\d\d\.bean$/,
    convert: beancount,
  },
  {
    id: "sparra95-log",
    repo: "sparra95/React-web-app-portfolio",
    commit: "49d4f87",
    paths: ["src/Components/DataVisualization/MonthlyFinancesData.js"],
    convert: (texts) => texts.flatMap(notesLogToRows),
  },
  {
    id: "iafanasov-log",
    repo: "IAfanasov/home-finances-react",
    commit: "f0f8c395c55b9427d2645b663e34873fecbb01b1",
    paths: ["src/migration/HomeFinances - expense.csv.ts"],
    convert: (texts) => texts.flatMap(expenseLogToRows),
  },
  {
    id: "joorg-household",
    repo: "horald/joorgportal-php5",
    commit: "19e7543eed66802f4672eee842627939d1d3ab86",
    paths: ["sites/install/dbjoorgportal-alt.sql"],
    convert: (texts) => texts.flatMap((text) => sqlLedgerToRows(text)),
  },
  {
    id: "erickfis-mobills",
    repo: "erickfis/mobils",
    commit: "8451fff999d756d1624e8c810bb6e9de7f41cbfa",
    paths: ["data/mobils-2015-01a2018-02.xlsx"],
    convert: () => [],
    binary: (files) => files.flatMap(mobillsToRows),
  },
];

export const DEFAULT_MIRROR_DIR = "/work/.mirror";

function git(gitDir: string, args: readonly string[]): string {
  return execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
}

function gitBytes(gitDir: string, args: readonly string[]): Buffer {
  return execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer: 256 * 1024 * 1024 });
}

/** The histories whose snapshot is here, converted; `missing` names the others. */
export function loadMirrorHistories(mirrorDir: string = DEFAULT_MIRROR_DIR): {
  histories: History[];
  missing: string[];
} {
  const histories: History[] = [];
  const missing: string[] = [];
  for (const source of MIRROR_SOURCES) {
    const gitDir = path.join(mirrorDir, source.repo.replace("/", "+"), "repo");
    if (!existsSync(gitDir)) {
      missing.push(`${source.id} (${source.repo})`);
      continue;
    }
    try {
      const paths = Array.isArray(source.paths)
        ? source.paths
        : git(gitDir, ["ls-tree", "-r", "--name-only", source.commit])
            .split("\n")
            .filter((p) => (source.paths as RegExp).test(p))
            .sort();
      const show = (p: string) => ["show", `${source.commit}:${p}`];
      const converted = source.binary
        ? source.binary(paths.map((p) => gitBytes(gitDir, show(p))))
        : source.convert(paths.map((p) => git(gitDir, show(p))));
      const rows = converted.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      histories.push({ id: `${source.id} (mirror)`, rows });
    } catch {
      missing.push(`${source.id} (${source.repo} at ${source.commit})`);
    }
  }
  return { histories, missing };
}
