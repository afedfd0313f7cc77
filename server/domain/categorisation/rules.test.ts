import { describe, expect, it } from "vitest";
import type { AppError } from "../../errors";
import { editPreviewRows } from "../imports/preview-edits";
import { readStoredPreview } from "../imports/stored-preview";
import { expectAppError } from "../manage-testing";
import { workspaceCategoriser } from "./categoriser";
import { deleteRule, listRules, MAX_RULES, updateRule } from "./rules";
import { useRulesWorkspace, when } from "./testing";

const w = useRulesWorkspace();

describe("a workspace's rules", () => {
  it("keep an order the person sets: new rules go last, a position moves one, a delete closes the gap", async () => {
    const a = await w.rule({
      name: "A",
      conditions: { description: { operator: "contains", value: "a" } },
      category_id: w.groceries,
    });
    const b = await w.rule({
      name: "B",
      conditions: { description: { operator: "contains", value: "b" } },
      category_id: w.groceries,
    });
    const c = await w.rule({
      name: "C",
      conditions: { description: { operator: "contains", value: "c" } },
      category_id: w.rent,
      position: 1,
    });
    const order = async () => (await listRules(w.mine)).map((r) => `${r.position}${r.name}`);
    expect(await order()).toEqual(["1C", "2A", "3B"]);
    await w.inTx((context) => updateRule(context, b.id, { position: 1 }));
    expect(await order()).toEqual(["1B", "2C", "3A"]);
    await w.inTx((context) => deleteRule(context, c.id));
    expect(await order()).toEqual(["1B", "2A"]);
    expect(a.name).toBe("A");
  });

  it("refuse another workspace's category or rule (404), an archived category and the rule past the cap (422)", async () => {
    const conditions = { description: { operator: "contains" as const, value: "x" } };
    await expectAppError(w.rule({ conditions, category_id: w.theirCategory }), "RESOURCE_NOT_FOUND", /category_id/);
    const theirs_ = await w.rule({ conditions, category_id: w.theirCategory }, w.theirs);
    await expectAppError(
      w.inTx((context) => updateRule(context, theirs_.id, { enabled: false })),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(
      w.inTx((context) => deleteRule(context, theirs_.id)),
      "RESOURCE_NOT_FOUND",
    );
    await w.db.prisma.categorisationRule.createMany({
      data: Array.from({ length: MAX_RULES }, (_, index) => ({
        workspaceId: w.mine.workspace.id,
        position: index + 1,
        name: `r${index}`,
        conditions: when(conditions) as object,
        categoryId: w.groceries,
      })),
    });
    await expectAppError(
      w.rule({ conditions, category_id: w.groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /at most 1000/,
    );
  });

  it("refuse regular expressions past the workspace's budget of compiled steps (422)", async () => {
    // Each compiles to 62 steps: 16 of them fit in 1,000, the 17th does not.
    const heavy = (n: number) => ({ description: { operator: "regex" as const, value: `^.{0,13}shop${n}.{0,13}$` } });
    for (let n = 10; n < 26; n += 1) await w.rule({ conditions: heavy(n), category_id: w.groceries });
    await expectAppError(
      w.rule({ conditions: heavy(26), category_id: w.groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /compile to 1054 steps, more than 1000/,
    );
    // Text conditions cost nothing against it.
    await w.rule({ conditions: { description: { operator: "contains", value: "shop" } }, category_id: w.groceries });
  });
});

describe("where a category comes from", () => {
  it("a rule first, then what the person did before, then a category name in the text; each says why", async () => {
    await w.book([
      ...Array.from({ length: 6 }, () => ({
        description: "EDEKA SAGT DANKE 1234",
        amount: "-20.00",
        category: w.groceries,
      })),
      { description: "Dauerauftrag Miete Mai", amount: "-900.00", category: w.rent },
    ]);
    await w.rule({
      name: "REWE",
      conditions: { description: { operator: "contains", value: "rewe" } },
      category_id: w.groceries,
      set_counterparty: "REWE",
    });
    const categoriser = await workspaceCategoriser(w.mine);
    const ask = (description: string) =>
      categoriser.categorise({ description, counterparty: null, amount: "-15.00", accountId: w.accountId });
    expect(ask("REWE SAGT DANKE 4711 KOELN")).toMatchObject({
      categoryId: w.groceries,
      source: "rule",
      confidence: 1,
      reason: "rule “REWE”",
      counterparty: "REWE",
    });
    const learned = ask("EDEKA SAGT DANKE 9876");
    expect(learned).toMatchObject({ categoryId: w.groceries, source: "learned" });
    expect(learned!.confidence).toBeGreaterThan(0.8);
    expect(learned!.reason).toMatch(/6 earlier transactions/);
    expect(ask("Nebenkosten zur Miete")).toMatchObject({ categoryId: w.rent });
  });

  it("takes the category a QIF file gives a row (its last part too) when no rule says otherwise", async () => {
    const content = ["!Type:Bank", "D03/01/2026", "T-12.30", "PREWE Markt", "LFood:Groceries", "^", ""].join("\n");
    const job = await w.upload("export.qif", content);
    const [row] = await readStoredPreview(w.db, job.id);
    expect(row).toMatchObject({
      category_id: w.groceries,
      category_source: "name",
      category_confidence: 0.9,
      category_reason: "the file's category “Food:Groceries”",
    });
  });

  it("takes the category a CSV file's category column gives a row (N26's 'Kategorie', Monzo's 'category')", async () => {
    const content = [
      "Datum,Empfänger,Verwendungszweck,Kategorie,Betrag (EUR)",
      "2026-01-03,Markt,Einkauf,Groceries,-12.30",
      "",
    ].join("\n");
    const job = await w.upload("n26.csv", content);
    const [row] = await readStoredPreview(w.db, job.id);
    expect(row).toMatchObject({
      category_id: w.groceries,
      category_source: "name",
      category_reason: "the file's category “Groceries”",
    });
  });

  it("guesses a category whose every name word is a word of the text: whole words, aliases, accents, the counterparty", async () => {
    const workspaceId = w.mine.workspace.id;
    const create = (name: string, aliases: string[] = []) =>
      w.db.prisma.category.create({ data: { workspaceId, name, aliases } }).then((row) => row.id);
    const car = await create("Car");
    const health = await create("Health Insurance");
    const cafe = await create("Café", ["Coffee shop"]);
    const categoriser = await workspaceCategoriser(w.mine);
    const guess = (description: string, counterparty: string | null = null) =>
      categoriser.categorise({ description, counterparty, amount: "-10.00", accountId: w.accountId })?.categoryId ??
      null;
    expect(guess("CAR wash 0815")).toBe(car);
    expect(guess("Carwash Mueller")).toBeNull();
    expect(guess("Scar tissue")).toBeNull();
    expect(guess("Beitrag insurance, Health 2026")).toBe(health);
    expect(guess("Health club")).toBeNull();
    expect(guess("Monthly premium", "Health Insurance Co")).toBe(health);
    expect(guess("Insurance premium", "Health First")).toBe(health);
    expect(guess("CAFE ZENTRAL WIEN")).toBe(cafe);
    // Texts past ASCII are folded first; what folding leaves past ASCII separates words.
    expect(guess("Crème brûlée, Café de Flore")).toBe(cafe);
    expect(guess("Überweisung Miete Straße 4")).toBe(w.rent);
    // What decomposing leaves in upper case ("™" -> "TM") separates words, as a folded text's did.
    expect(guess("Café™ Central")).toBe(cafe);
    expect(guess("𝐂𝐚𝐟𝐞 Central")).toBeNull();
    expect(guess("The coffee-shop on 5th")).toBe(cafe);
    expect(guess("Lebensmittel Groceries Markt")).toBe(w.groceries);
    expect(guess("Nothing to see")).toBeNull();
  });

  it("follows the person's changes without a restart: a categorisation changes the next suggestion", async () => {
    await w.book([{ description: "Bäckerei Kamps 1", amount: "-3.00" }]);
    const ask = async () =>
      (await workspaceCategoriser(w.mine)).categorise({
        description: "Bäckerei Kamps 2",
        counterparty: null,
        amount: "-3.00",
        accountId: w.accountId,
      });
    expect(await ask()).toBeNull();
    await w.db.prisma.transaction.updateMany({
      where: { workspaceId: w.mine.workspace.id },
      data: { categoryId: w.groceries },
    });
    expect(await ask()).toMatchObject({ categoryId: w.groceries, source: "learned" });
  });

  it("an import's preview carries the source, and the person's own choice is what confirm books", async () => {
    await w.rule({
      name: "REWE",
      conditions: { counterparty: { operator: "starts_with", value: "rewe" } },
      category_id: w.groceries,
    });
    const content = [
      "Date;Payee;Description;Amount",
      "2026-03-01;REWE Markt;Einkauf;-12,30",
      "2026-03-02;Stadtwerke;Miete März;-900,00",
      "2026-03-03;Kiosk;Zeitung;-2,00",
      "",
    ].join("\n");
    const job = await w.upload("march.csv", content);
    const sources = (rows: Awaited<ReturnType<typeof readStoredPreview>>) =>
      rows.map((row) => [row.row, row.category_id, row.category_source, row.category_reason]);
    expect(sources(await readStoredPreview(w.db, job.id))).toEqual([
      [1, w.groceries, "rule", "rule “REWE”"],
      [2, w.rent, "name", "the category name “Miete” is in the text"],
      [3, null, null, null],
    ]);
    await w.inTx((context) =>
      editPreviewRows(context, job.id, [
        { row: 3, category_id: w.groceries },
        { row: 2, category_id: null },
      ]),
    );
    expect(sources(await readStoredPreview(w.db, job.id))).toEqual([
      [1, w.groceries, "rule", "rule “REWE”"],
      [2, null, null, null],
      [3, w.groceries, null, null],
    ]);
    const unknown = await w
      .inTx((context) =>
        editPreviewRows(context, job.id, [
          { row: 1, category_id: null },
          { row: 9, category_id: null },
        ]),
      )
      .then(
        () => null,
        (error: AppError) => error,
      );
    // The row is named by its place in the body, as any other field is.
    expect([unknown?.code, unknown?.message, unknown?.issues]).toEqual([
      "VALIDATION_FAILED",
      "Validation failed: rows.1.row: 9 is not a row of this import's preview",
      [{ path: ["rows", 1, "row"], code: "custom", message: "9 is not a row of this import's preview" }],
    ]);
    await expectAppError(
      w.inTx((context) => editPreviewRows(context, job.id, [{ row: 1, category_id: w.theirCategory }])),
      "RESOURCE_NOT_FOUND",
    );
  });
});
