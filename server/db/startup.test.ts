import { describe, expect, it } from "vitest";
import { DEMO_EMAIL } from "../../prisma/seed";
import { useTestDatabase } from "../testing/fixtures";
import { prepareDatabase } from "./startup";

const db = useTestDatabase({ migrate: false });

describe("start-up on an empty database", () => {
  it("applies the migrations, loads the currencies and seeds the demo workspace", async () => {
    const result = await prepareDatabase(db, { seedOnEmpty: true });
    expect(result.appliedMigrations.length).toBeGreaterThan(0);
    expect(result.seeded).toBe(true);

    const demo = await db.prisma.user.findUniqueOrThrow({
      where: { email: DEMO_EMAIL },
      include: { memberships: { include: { workspace: { include: { homeCurrency: true } } } } },
    });
    const workspace = demo.memberships[0]!.workspace;
    expect(workspace).toMatchObject({ name: "Demo", timezone: "Europe/Berlin", plan: "free" });
    expect(workspace.homeCurrency.code).toBe("EUR");
    expect(await db.prisma.currency.count({ where: { code: { in: ["EUR", "USD", "GBP"] } } })).toBe(3);
    expect(await db.prisma.transaction.count({ where: { workspaceId: workspace.id } })).toBeGreaterThan(1000);
  });

  it("changes nothing on the next start", async () => {
    const before = await db.prisma.transaction.count();
    const result = await prepareDatabase(db, { seedOnEmpty: true });
    expect(result).toEqual({ appliedMigrations: [], seeded: false });
    expect(await db.prisma.transaction.count()).toBe(before);
  });
});

describe("start-up after a start that died while seeding the demo", () => {
  it("seeds the demo again from scratch: one demo user, one workspace, and the finished mark", async () => {
    // What a killed seed leaves: the demo user, part of its world, and no finished mark.
    const demo = await db.prisma.user.findUniqueOrThrow({
      where: { email: DEMO_EMAIL },
      include: { memberships: true },
    });
    const workspaceId = demo.memberships[0]!.workspaceId;
    await db.sql.query("DELETE FROM transactions WHERE workspace_id = $1", [workspaceId]);
    await db.sql.query("DELETE FROM service_state WHERE key = 'demo_seed'");

    const result = await prepareDatabase(db, { seedOnEmpty: true });
    expect(result.seeded).toBe(true);
    expect(await db.prisma.user.count({ where: { email: DEMO_EMAIL } })).toBe(1);
    const again = await db.prisma.user.findUniqueOrThrow({
      where: { email: DEMO_EMAIL },
      include: { memberships: true },
    });
    expect(again.memberships).toHaveLength(1);
    expect(await db.prisma.workspace.count()).toBe(1);
    expect(
      await db.prisma.transaction.count({ where: { workspaceId: again.memberships[0]!.workspaceId } }),
    ).toBeGreaterThan(1000);
    expect(await db.sql.query("SELECT value FROM service_state WHERE key = 'demo_seed'")).toEqual([
      { value: "finished" },
    ]);
  });

  it("leaves a database whose users are people, not the demo, alone", async () => {
    await db.sql.query("DELETE FROM service_state WHERE key = 'demo_seed'");
    await db.prisma.user.deleteMany({ where: { email: DEMO_EMAIL } });
    await db.prisma.user.create({ data: { email: "person@example.com", passwordHash: "x" } });
    const result = await prepareDatabase(db, { seedOnEmpty: true });
    expect(result.seeded).toBe(false);
    expect(await db.prisma.user.count()).toBe(1);
  });
});
