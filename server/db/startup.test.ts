import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL } from "../../prisma/seed";
import type { Database } from "./client";
import { prepareDatabase } from "./startup";
import { createTestDatabase } from "./testing";

let db: Database;
let destroy: () => Promise<void>;

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase({ migrate: false }));
});
afterAll(async () => destroy?.());

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
