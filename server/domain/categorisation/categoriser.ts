/**
 * Where a row's category comes from, in order: the person's rules (the first enabled rule that
 * matches), then the learner trained on the workspace's own categorised transactions, then a
 * category whose name or alias appears in the row's text. Each answer says which, how sure, and why.
 */
import { workspaceDataVersion } from "../data-version/data-version";
import { descriptionTokens, foldText } from "../imports/duplicates";
import type { WorkspaceContext } from "../workspace-context";
import { CategoryLearner } from "./learner";
import {
  conditionsTest,
  foldForRules,
  foldSubject,
  type FoldedSubject,
  type RuleConditions,
  type RuleSubject,
} from "./rule-conditions";

export const CATEGORY_SOURCES = ["rule", "learned", "name"] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/** A name found in the text is a guess: it says less than a rule or the person's own history. */
const NAME_CONFIDENCE = 0.5;

export interface Categorisation {
  categoryId: string;
  source: CategorySource;
  /** In [0, 1]: 1 for a rule, the learner's belief, NAME_CONFIDENCE for a name. */
  confidence: number;
  /** For a person: “rule “REWE””, “like 14 earlier transactions “rewe””, “the name “Miete” is in the text”. */
  reason: string;
  /** The rule that matched (source rule). */
  ruleId: string | null;
  /** The cleaner counterparty the rule gives (source rule, when it sets one). */
  counterparty: string | null;
}

/** A rule as the categoriser runs it. */
export interface RunnableRule {
  id: string;
  name: string;
  conditions: RuleConditions;
  categoryId: string;
  setCounterparty: string | null;
}

export interface CompiledRules {
  /** The first rule that matches, or null. */
  match(subject: FoldedSubject): RunnableRule | null;
  readonly size: number;
}

export function compileRules(rules: readonly RunnableRule[]): CompiledRules {
  const compiled = rules.map((rule) => ({ rule, test: conditionsTest(rule.conditions) }));
  return {
    size: compiled.length,
    match(subject) {
      for (const { rule, test } of compiled) if (test(subject)) return rule;
      return null;
    },
  };
}

/** The workspace's enabled rules into active categories, in order. */
async function loadRunnableRules({ db, workspace }: WorkspaceContext): Promise<RunnableRule[]> {
  const rows = await db.prisma.categorisationRule.findMany({
    where: { workspaceId: workspace.id, enabled: true, category: { archivedAt: null } },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true, conditions: true, categoryId: true, setCounterparty: true },
  });
  return rows.map((row) => ({ ...row, conditions: row.conditions as unknown as RuleConditions }));
}

interface LearnerEntry {
  version: string;
  learner: Promise<CategoryLearner>;
}

/** Workspaces whose learner stays in memory (oldest use first out): a learner of 100k rows is tens of MB. */
const MAX_LEARNERS = 32;
const learners = new Map<string, LearnerEntry>();

/** Categorised rows (active categories, no transfers) the learner reads, oldest first. */
const TRAINING_ROWS = `
  SELECT t.description, t.counterparty, t.amount::text AS amount, t.account_id::text AS "accountId",
         t.category_id::text AS "categoryId"
    FROM category_lines t JOIN categories c ON c.id = t.category_id AND c.archived_at IS NULL
   WHERE t.workspace_id = $1::uuid AND t.category_id IS NOT NULL AND t.type <> 'transfer'
   ORDER BY t.date, t.created_at`;

/**
 * The workspace's learner, trained on its categorised transactions; kept in this process while the
 * workspace's data version stays the same (any change of a transaction or category moves it), so a
 * categorisation a person just made changes the next suggestion, and an unchanged workspace costs
 * one small query.
 */
export async function workspaceLearner({ db, workspace }: WorkspaceContext): Promise<CategoryLearner> {
  const version = await workspaceDataVersion({ db, workspace });
  const hit = learners.get(workspace.id);
  learners.delete(workspace.id);
  if (hit && hit.version === version) {
    learners.set(workspace.id, hit);
    return hit.learner;
  }
  const learner = db.prisma
    .$queryRawUnsafe<
      Array<{ description: string; counterparty: string | null; amount: string; accountId: string; categoryId: string }>
    >(TRAINING_ROWS, workspace.id)
    .then((rows) => CategoryLearner.trainedOn(rows));
  const entry = { version, learner };
  learners.set(workspace.id, entry);
  learner.catch(() => {
    if (learners.get(workspace.id) === entry) learners.delete(workspace.id);
  });
  while (learners.size > MAX_LEARNERS) {
    const oldest = learners.keys().next().value;
    if (oldest === undefined) break;
    learners.delete(oldest);
  }
  return learner;
}

/** Forgets every kept learner (tests and benchmarks). */
export function clearLearners(): void {
  learners.clear();
}

interface NamedCategory {
  id: string;
  name: string;
  words: string[][];
}

/** The workspace's active categories with the words of their names and aliases (a name of noise words only guesses nothing). */
async function namedCategories({ db, workspace }: WorkspaceContext): Promise<NamedCategory[]> {
  const categories = await db.prisma.category.findMany({
    where: { workspaceId: workspace.id, archivedAt: null },
    select: { id: true, name: true, aliases: true },
  });
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    words: [category.name, ...category.aliases]
      .map((text) => [...descriptionTokens(text)])
      .filter((words) => words.length > 0),
  }));
}

/**
 * An ASCII letter's lower-case code, or -1 for any other character; -2 for one past ASCII in a
 * text not yet folded. A folded text (foldText: lower-cased, then decomposed) reads as before:
 * only a-z are letters, and what decomposing left (the "TM" of "™", anything past ASCII) separates words.
 */
function letterCode(code: number, folded: boolean): number {
  if (code >= 97 && code <= 122) return code;
  if (folded) return -1;
  if (code >= 65 && code <= 90) return code + 32;
  return code > 127 ? -2 : -1;
}

/**
 * Finds the category a row's text names: the first one of whose names has every word among the
 * description's words (its runs of a-z letters once folded, as foldText folds) or the
 * counterparty's. One pass over the text, which takes out only a run that could be a category word
 * (its length and first letter are one's): for each row of a 100k-row upload this is one scan, not
 * a search per category word. ASCII text (most bank texts) is read as it is, lower-cased run by run;
 * a text with other characters is folded first.
 */
function categoryNameFinder(
  categories: readonly NamedCategory[],
): (description: string, counterparty: ReadonlySet<string>) => NamedCategory | undefined {
  const vocabulary = new Set(categories.flatMap((category) => category.words.flat()));
  const lengths = new Set([...vocabulary].map((word) => word.length));
  const firstLetters = new Set([...vocabulary].map((word) => word.charCodeAt(0)));
  /**
   * The category words among the text's runs of ASCII letters. Read as it is, a text with other
   * characters answers undefined (it is folded first); folded, what is left of them separates words.
   */
  const wordsIn = (text: string, folded: boolean): Set<string> | null | undefined => {
    let found: Set<string> | null = null;
    for (let at = 0; at < text.length;) {
      const first = letterCode(text.charCodeAt(at), folded);
      if (first === -2) return undefined;
      if (first === -1) {
        at += 1;
        continue;
      }
      const start = at;
      let code = first;
      while (code >= 0 && ++at < text.length) code = letterCode(text.charCodeAt(at), folded);
      if (code === -2) return undefined;
      if (!lengths.has(at - start) || !firstLetters.has(first)) continue;
      const word = text.slice(start, at).toLowerCase();
      if (vocabulary.has(word)) (found ??= new Set()).add(word);
    }
    return found;
  };
  return (description, counterparty) => {
    let found = wordsIn(description, false);
    if (found === undefined) found = wordsIn(foldText(description), true) ?? null;
    if (!found && counterparty.size === 0) return undefined;
    for (const category of categories)
      names: for (const name of category.words) {
        for (const word of name) if (!counterparty.has(word) && found?.has(word) !== true) continue names;
        return category;
      }
    return undefined;
  };
}

export interface Categoriser {
  /** `fileCategory`: the category the file itself gives the row (QIF `L`), a name to look up. */
  categorise(subject: RuleSubject, fileCategory?: string | null): Categorisation | null;
}

/** A category the file names is the person's own filing in their old app: nearly as good as a rule. */
const FILE_CATEGORY_CONFIDENCE = 0.9;

/** The workspace's categoriser as of now: its rules, its learner and its category names. */
export async function workspaceCategoriser(context: WorkspaceContext): Promise<Categoriser> {
  const [rules, learner, categories] = await Promise.all([
    loadRunnableRules(context),
    workspaceLearner(context),
    namedCategories(context),
  ]);
  const compiled = compileRules(rules);
  const namedIn = categoryNameFinder(categories);
  // Counterparties repeat (the same shops, the same employer): their words are read once per name.
  const counterpartyWords = new Map<string, Set<string>>();
  const wordsOf = (counterparty: string) => {
    let words = counterpartyWords.get(counterparty);
    if (!words) counterpartyWords.set(counterparty, (words = descriptionTokens(counterparty)));
    return words;
  };
  // The file's category names ("Food:Groceries"): the whole name, else its last part, folded.
  const byName = new Map<string, NamedCategory>();
  for (const category of categories) byName.set(foldForRules(category.name), category);
  const fileCategoryOf = (name: string): NamedCategory | undefined => {
    const folded = foldForRules(name);
    return byName.get(folded) ?? byName.get(folded.split(":").at(-1)!.trim());
  };
  return {
    categorise(subject, fileCategory) {
      if (compiled.size > 0) {
        const rule = compiled.match(foldSubject(subject));
        if (rule)
          return {
            categoryId: rule.categoryId,
            source: "rule",
            confidence: 1,
            reason: `rule “${rule.name}”`,
            ruleId: rule.id,
            counterparty: rule.setCounterparty,
          };
      }
      const filed = fileCategory ? fileCategoryOf(fileCategory) : undefined;
      if (filed)
        return {
          categoryId: filed.id,
          source: "name",
          confidence: FILE_CATEGORY_CONFIDENCE,
          reason: `the file's category “${fileCategory}”`,
          ruleId: null,
          counterparty: null,
        };
      const learned = learner.suggest(subject);
      if (learned)
        return {
          categoryId: learned.categoryId,
          source: "learned",
          confidence: Math.round(learned.confidence * 1000) / 1000,
          reason: learned.reason,
          ruleId: null,
          counterparty: null,
        };
      const named = namedIn(subject.description, wordsOf(subject.counterparty ?? ""));
      return named
        ? {
            categoryId: named.id,
            source: "name",
            confidence: NAME_CONFIDENCE,
            reason: `the category name “${named.name}” is in the text`,
            ruleId: null,
            counterparty: null,
          }
        : null;
    },
  };
}
