import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drainRuleApplications } from "../../jobs/rule-application-worker";
import { expectAppError } from "../manage-testing";
import { getApplication, pruneApplicationChanges, startApplication, undoApplication } from "./rule-applications";
import { countMatches, dryRunRules } from "./rule-previews";
import { useRulesWorkspace, when } from "./testing";

const w = useRulesWorkspace();

describe("rules applied to past transactions", () => {
  const rewe = () =>
    w.rule({
      name: "REWE",
      conditions: { description: { operator: "contains", value: "rewe" } },
      category_id: w.groceries,
      set_counterparty: "REWE",
    });

  it("a dry run says what would change and changes nothing; the application changes it; one undo restores exactly", async () => {
    await w.book([
      { description: "REWE 1", amount: "-5.00", counterparty: "REWE SAGT DANKE" },
      { description: "REWE 2", amount: "-6.00", category: w.rent },
      { description: "Other", amount: "-7.00" },
    ]);
    await rewe();
    const before = await w.categoriesOf();
    const preview = await dryRunRules(w.mine, { only_uncategorised: true });
    expect(preview).toMatchObject({ examined_count: 2, change_count: 1 });
    expect(preview.changes[0]).toMatchObject({
      description: "REWE 1",
      from_category_id: null,
      to_category_id: w.groceries,
      from_counterparty: "REWE SAGT DANKE",
      to_counterparty: "REWE",
    });
    expect(await w.categoriesOf()).toEqual(before);

    const all = await dryRunRules(w.mine, { only_uncategorised: false });
    expect(all.change_count).toBe(2);
    const application = await w.inTx((context) => startApplication(context, { only_uncategorised: false }));
    expect(application.status).toBe("queued");
    await expectAppError(
      w.inTx((context) => startApplication(context, { only_uncategorised: true })),
      "RULE_APPLICATION_CONFLICT",
    );
    await drainRuleApplications(w.db);
    expect(await getApplication(w.mine, application.id)).toMatchObject({
      status: "completed",
      examinedCount: 3,
      changedCount: 2,
    });
    expect(await w.categoriesOf()).toEqual([
      ["Other", null, null],
      ["REWE 1", w.groceries, "REWE"],
      ["REWE 2", w.groceries, "REWE"],
    ]);

    await w.inTx((context) => undoApplication(context, application.id));
    await drainRuleApplications(w.db);
    expect(await getApplication(w.mine, application.id)).toMatchObject({
      status: "undone",
      restoredCount: 2,
      keptCount: 0,
    });
    expect(await w.categoriesOf()).toEqual(before);
    await expectAppError(
      w.inTx((context) => undoApplication(context, application.id)),
      "RULE_APPLICATION_CONFLICT",
      /undone already/,
    );
  });

  it("an undo keeps what the person changed since, and counts it", async () => {
    await w.book([
      { description: "REWE 1", amount: "-5.00" },
      { description: "REWE 2", amount: "-5.00" },
    ]);
    await rewe();
    const application = await w.inTx((context) => startApplication(context, { only_uncategorised: true }));
    await drainRuleApplications(w.db);
    await w.db.prisma.transaction.updateMany({ where: { description: "REWE 2" }, data: { categoryId: w.rent } });
    await w.inTx((context) => undoApplication(context, application.id));
    await drainRuleApplications(w.db);
    expect(await getApplication(w.mine, application.id)).toMatchObject({ restoredCount: 1, keptCount: 1 });
    expect((await w.categoriesOf()).map(([description, category]) => [description, category])).toEqual([
      ["REWE 1", null],
      ["REWE 2", w.rent],
    ]);
  });

  it("sets a reconciled transaction's category but leaves its counterparty as the statement gave it", async () => {
    await w.book([{ description: "REWE 1", amount: "-5.00", counterparty: "REWE SAGT DANKE" }]);
    await w.db.prisma.transaction.updateMany({
      where: { description: "REWE 1" },
      data: { cleared: true, reconciled: true },
    });
    await rewe();
    const application = await w.inTx((context) => startApplication(context, { only_uncategorised: true }));
    await drainRuleApplications(w.db);
    expect(await getApplication(w.mine, application.id)).toMatchObject({ status: "completed", changedCount: 1 });
    expect(await w.categoriesOf()).toEqual([["REWE 1", w.groceries, "REWE SAGT DANKE"]]);
    await w.inTx((context) => undoApplication(context, application.id));
    await drainRuleApplications(w.db);
    expect(await getApplication(w.mine, application.id)).toMatchObject({ status: "undone", restoredCount: 1 });
    expect(await w.categoriesOf()).toEqual([["REWE 1", null, "REWE SAGT DANKE"]]);
    // Unlocked, so that the next test's clean-up may delete it.
    await w.db.prisma.transaction.updateMany({ where: { description: "REWE 1" }, data: { reconciled: false } });
  });

  it("can be undone for 30 days; then what the application recorded is dropped", async () => {
    await w.book([{ description: "REWE 1", amount: "-5.00" }]);
    await rewe();
    const application = await w.inTx((context) => startApplication(context, { only_uncategorised: true }));
    await drainRuleApplications(w.db);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await pruneApplicationChanges(w.db, new Date())).toBe(0);
    expect(await pruneApplicationChanges(w.db, later)).toBe(1);
    await w.db.prisma.ruleApplication.update({
      where: { id: application.id },
      data: { finishedAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    await expectAppError(
      w.inTx((context) => undoApplication(context, application.id)),
      "RULE_APPLICATION_CONFLICT",
      /30 days/,
    );
  });

  it("works through more transactions than one batch, and only those the filters choose", async () => {
    await w.book(
      Array.from({ length: 4_500 }, (_, index) => ({
        description: `REWE ${index}`,
        amount: "-1.00",
        date: index % 2 ? "2026-02-01" : "2026-03-01",
      })),
    );
    await rewe();
    const application = await w.inTx((context) =>
      startApplication(context, { only_uncategorised: true, from: "2026-03-01" }),
    );
    await drainRuleApplications(w.db);
    expect(await getApplication(w.mine, application.id)).toMatchObject({
      status: "completed",
      examinedCount: 2_250,
      changedCount: 2_250,
    });
    expect(await w.db.prisma.transaction.count({ where: { categoryId: w.groceries } })).toBe(2_250);
  });

  it("count what unsaved conditions would match, the newest first, and change nothing", async () => {
    await w.book([
      { description: "REWE 1", amount: "-5.00", date: "2026-01-05" },
      { description: "REWE 2", amount: "-6.00", category: w.rent, date: "2026-02-05" },
      { description: "Other", amount: "-7.00", date: "2026-03-05" },
    ]);
    const found = await countMatches(w.mine, when({ description: { operator: "starts_with", value: "rewe" } }));
    expect(found).toMatchObject({ match_count: 2, uncategorised_count: 1, examined_count: 3, complete: true });
    expect(found.examples.map((row) => row.description)).toEqual(["REWE 2", "REWE 1"]);
    expect((await w.categoriesOf()).filter(([, category]) => category !== null)).toHaveLength(1);
  });

  it("refuses a rule or an account of another workspace", async () => {
    const theirRule = await w.rule(
      { conditions: { description: { operator: "contains", value: "x" } }, category_id: w.theirCategory },
      w.theirs,
    );
    await expectAppError(
      dryRunRules(w.mine, { rule_ids: [theirRule.id], only_uncategorised: true }),
      "RESOURCE_NOT_FOUND",
      /rule_ids/,
    );
    await expectAppError(
      dryRunRules(w.mine, { account_id: randomUUID(), only_uncategorised: true }),
      "RESOURCE_NOT_FOUND",
      /account_id/,
    );
  });
});
