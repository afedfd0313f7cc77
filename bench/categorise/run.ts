/**
 * bench:categorise — on every labelled history in corpus/, train on the oldest 70% and suggest for
 * the newest 30%; per history and pooled over all test rows: coverage (rows with a suggestion),
 * accuracy (correct / all test rows) and precision (correct / suggested), for each learner.
 *
 *   npx tsx bench/categorise/run.ts
 */
import { loadCorpus, type History } from "./corpus";
import { exactLookupLearner, naiveBayesLearner, splitHistory, type CategoryLearner } from "./references";
import { serviceLearner } from "./service-learner";

/** The learners measured side by side; the service's learner joins this list through the same interface. */
const LEARNERS: readonly { name: string; create: () => CategoryLearner }[] = [
  { name: "reference: exact description", create: exactLookupLearner },
  { name: "reference: token naive Bayes", create: naiveBayesLearner },
  { name: "service learner", create: serviceLearner },
];

type Tally = { train: number; test: number; suggested: number; correct: number };

function measure(history: History, create: () => CategoryLearner): Tally {
  const { train, test } = splitHistory(history.rows);
  const learner = create();
  learner.train(train);
  let suggested = 0;
  let correct = 0;
  for (const row of test) {
    const suggestion = learner.suggest(row);
    if (!suggestion) continue;
    suggested++;
    if (suggestion.category === row.category) correct++;
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

const histories = loadCorpus();
if (histories.length === 0) throw new Error("no corpus/*.csv to measure");
const pooled = new Map<string, Tally>(LEARNERS.map((l) => [l.name, { train: 0, test: 0, suggested: 0, correct: 0 }]));

for (const history of histories) {
  const categories = new Set(history.rows.map((r) => r.category)).size;
  const results = LEARNERS.map(({ name, create }) => ({ name, tally: measure(history, create) }));
  for (const { name, tally } of results) {
    const sum = pooled.get(name);
    if (!sum) continue;
    for (const key of ["train", "test", "suggested", "correct"] as const) sum[key] += tally[key];
  }
  printTable(`${history.id}: ${history.rows.length} rows, ${categories} categories`, results);
}

printTable(
  `pooled: ${histories.length} histories, every test row counted once`,
  [...pooled].map(([name, tally]) => ({ name, tally })),
);
