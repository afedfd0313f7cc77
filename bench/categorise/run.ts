/**
 * bench:categorise — on every labelled history, train on the oldest 70% and suggest for the newest
 * 30%; per history and pooled over all test rows: coverage (rows with a suggestion), accuracy
 * (correct / all test rows) and precision (correct / suggested), for each learner. The histories are
 * corpus/*.csv and, when their snapshots are on this machine, the ones mirror.ts reads in place.
 *
 *   npx tsx bench/categorise/run.ts               every history, tables and a summary
 *   npx tsx bench/categorise/run.ts --no-mirror   corpus/ only
 *   npx tsx bench/categorise/run.ts --mirror DIR  snapshots under DIR instead of /work/.mirror
 *   npx tsx bench/categorise/run.ts --corpus DIR  DIR/*.csv (the corpus/ columns) instead of corpus/:
 *                                                 histories of your own, measured without copying them
 *                                                 into the project (add --no-mirror for those alone)
 *   npx tsx bench/categorise/run.ts --online      as a person works through the newest 30% in order:
 *                                                 each test row is learned, with its category, right
 *                                                 after it is suggested (the service learns every
 *                                                 categorisation at once); not the goal's measure
 *   npx tsx bench/categorise/run.ts perf          the learner's cost: build from 100k rows, suggest 2,000
 */
import { loadCorpus, type History } from "./corpus";
import { loadMirrorHistories, DEFAULT_MIRROR_DIR } from "./mirror";
import { runPerf } from "./perf";
import { exactLookupLearner, naiveBayesLearner, splitHistory, type CategoryLearner } from "./references";
import { serviceLearner } from "./service-learner";

/** The learners measured side by side; the service's learner joins this list through the same interface. */
const LEARNERS: readonly { name: string; create: () => CategoryLearner }[] = [
  { name: "reference: exact description", create: exactLookupLearner },
  { name: "reference: token naive Bayes", create: naiveBayesLearner },
  { name: "service learner", create: serviceLearner },
];

type Tally = { train: number; test: number; suggested: number; correct: number };

function measure(history: History, create: () => CategoryLearner, online: boolean): Tally {
  const { train, test } = splitHistory(history.rows);
  const learner = create();
  learner.train(train);
  const seen = [...train];
  let suggested = 0;
  let correct = 0;
  for (const row of test) {
    const suggestion = learner.suggest(row);
    if (suggestion) {
      suggested++;
      if (suggestion.category === row.category) correct++;
    }
    if (!online) continue;
    seen.push(row);
    if (learner.learn) learner.learn(row);
    else learner.train(seen);
  }
  return { train: train.length, test: test.length, suggested, correct };
}

const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);

function line(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function printTable(title: string, rows: readonly { name: string; tally: Tally }[]): void {
  console.log(`\n${title}\n`);
  console.log(line(["learner", "train", "test", "coverage", "accuracy", "precision"]));
  console.log(line(["---", "---:", "---:", "---:", "---:", "---:"]));
  for (const { name, tally: t } of rows) {
    const cells = [name, String(t.train), String(t.test), percent(t.suggested, t.test)];
    console.log(line([...cells, percent(t.correct, t.test), percent(t.correct, t.suggested)]));
  }
}

/** One line per history: each learner's accuracy, and whether the service is at least the better reference. */
function printSummary(results: readonly { id: string; tallies: readonly Tally[] }[]): void {
  console.log("\nsummary: accuracy (precision)\n");
  console.log(line(["history", "test", ...LEARNERS.map((l) => l.name), "service >= better reference"]));
  console.log(line(["---", "---:", ...LEARNERS.map(() => "---:"), "---"]));
  for (const { id, tallies } of results) {
    const [exact, bayes, service] = tallies;
    if (!exact || !bayes || !service) continue;
    const better = Math.max(exact.correct, bayes.correct);
    const cells = tallies.map((t) => `${percent(t.correct, t.test)} (${percent(t.correct, t.suggested)})`);
    const verdict = service.correct >= better ? "yes" : `no (${service.correct - better} rows)`;
    console.log(line([id, String(service.test), ...cells, verdict]));
  }
}

/** The value after `flag` in the arguments, or undefined when the flag is absent. */
function option(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a directory`);
  return value;
}

function runAccuracy(args: readonly string[]): void {
  const corpusDir = option(args, "--corpus");
  const corpus = loadCorpus(corpusDir);
  const corpusName = corpusDir ?? "corpus/";
  const mirrorDir = option(args, "--mirror") ?? DEFAULT_MIRROR_DIR;
  const mirror = args.includes("--no-mirror") ? { histories: [], missing: [] } : loadMirrorHistories(mirrorDir);
  if (mirror.missing.length > 0)
    console.log(`Not measured (no snapshot in ${mirrorDir}): ${mirror.missing.join(", ")}`);
  const histories = [...corpus, ...mirror.histories];
  if (histories.length === 0) throw new Error("no corpus/*.csv to measure");
  const zero = () => ({ train: 0, test: 0, suggested: 0, correct: 0 });
  const pooled = new Map<string, Tally>(LEARNERS.map((l) => [l.name, zero()]));
  const pooledCorpus = new Map<string, Tally>(LEARNERS.map((l) => [l.name, zero()]));
  const summary: { id: string; tallies: Tally[] }[] = [];
  const online = args.includes("--online");
  if (online) console.log("online: each test row is learned, with its category, right after it is suggested");

  for (const history of histories) {
    const categories = new Set(history.rows.map((r) => r.category)).size;
    const results = LEARNERS.map(({ name, create }) => ({ name, tally: measure(history, create, online) }));
    for (const { name, tally } of results) {
      for (const sums of corpus.includes(history) ? [pooled, pooledCorpus] : [pooled]) {
        const sum = sums.get(name);
        if (!sum) continue;
        for (const key of ["train", "test", "suggested", "correct"] as const) sum[key] += tally[key];
      }
    }
    summary.push({ id: history.id, tallies: results.map((r) => r.tally) });
    printTable(`${history.id}: ${history.rows.length} rows, ${categories} categories`, results);
  }

  if (mirror.histories.length > 0) {
    const tallies = [...pooledCorpus].map(([name, tally]) => ({ name, tally }));
    printTable(`pooled over ${corpusName} only: ${corpus.length} histories`, tallies);
    summary.push({ id: `pooled, ${corpusName} only`, tallies: tallies.map((t) => t.tally) });
  }
  const tallies = [...pooled].map(([name, tally]) => ({ name, tally }));
  printTable(`pooled: ${histories.length} histories, every test row counted once`, tallies);
  summary.push({ id: "pooled, all", tallies: tallies.map((t) => t.tally) });
  printSummary(summary);
}

const args = process.argv.slice(2);
if (args[0] === "perf") runPerf();
else runAccuracy(args);
