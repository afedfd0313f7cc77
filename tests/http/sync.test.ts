import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { atOnce } from "./at-once";
import { ALL_SCOPES, createClient } from "./client";
import { transactionsWorkspace } from "./transactions-testing";

/** "What changed since" over REST: a mirror kept by since equals the list read in full, under concurrent writers. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
const key = () => ({ "idempotency-key": `sync-${randomUUID()}` });

type Row = { id: string } & Record<string, unknown>;

/** Every row of a list, by cursor, and the first page's token (as docs/api.md tells a client to keep). */
async function readAll(path: string, token: string): Promise<{ rows: Map<string, Row>; knowledge: string }> {
  const rows = new Map<string, Row>();
  let answer = await api.call("GET", `${path}?limit=7`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const knowledge = answer.body.meta.server_knowledge as string;
  for (;;) {
    for (const row of answer.body.data as Row[]) rows.set(row.id, row);
    const cursor = answer.body.meta.next_cursor as string | null;
    if (!cursor) return { rows, knowledge };
    answer = await api.call("GET", `${path}?limit=7&cursor=${cursor}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

/** Applies every change since `since` to `mirror`, page by page (3 a page); answers the token to keep. */
async function catchUp(mirror: Map<string, Row>, path: string, token: string, since: string): Promise<string> {
  let answer = await api.call("GET", `${path}?since=${since}&limit=3`, { token });
  for (;;) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.meta.pagination).toBe("cursor");
    for (const row of answer.body.data as Row[]) mirror.set(row.id, row);
    for (const gone of answer.body.deleted as Array<{ id: string; deleted: true; deleted_at: string }>) {
      expect(gone).toEqual({ id: gone.id, deleted: true, deleted_at: expect.any(String) });
      mirror.delete(gone.id);
    }
    const cursor = answer.body.meta.next_cursor as string | null;
    if (!cursor) return answer.body.meta.server_knowledge as string;
    answer = await api.call("GET", `${path}?cursor=${cursor}&limit=3`, { token });
  }
}

let session: string;
let token: string;
let account: string;

beforeAll(async () => {
  ({ session, token, account } = await transactionsWorkspace(api, "Sync"));
});

async function write(rows: Array<Record<string, unknown>>, as = token): Promise<string[]> {
  const written = await api.call("POST", TX, {
    token: as,
    headers: key(),
    body: { transactions: rows.map((row) => ({ account_id: account, date: "2026-04-01", ...row })) },
  });
  expect(written.status, JSON.stringify(written.body)).toBe(201);
  return (written.body.data as Array<{ id: string }>).map((row) => row.id);
}

describe("GET /transactions?since", () => {
  it("answers what was created, changed and deleted after the token, and a mirror kept with it equals the list", async () => {
    const [kept, gone] = await write([
      { amount: "-1.00", description: "Kept" },
      { amount: "-2.00", description: "Gone" },
    ]);
    const { rows: mirror, knowledge } = await readAll(TX, token);

    const [added] = await write([{ amount: "-3.00", description: "Added" }]);
    const patched = await api.call("PATCH", TX, {
      token,
      headers: key(),
      body: { transactions: [{ id: kept, description: "Kept, renamed" }] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await api.call("DELETE", `${TX}/${gone}`, { token, headers: key() })).status).toBe(200);

    const delta = await api.call("GET", `${TX}?since=${knowledge}`, { token });
    expect(delta.status).toBe(200);
    expect(delta.body.data.map((row: Row) => row.id).sort()).toEqual([added, kept].sort());
    expect(delta.body.data.find((row: Row) => row.id === kept).description).toBe("Kept, renamed");
    expect(delta.body.deleted).toEqual([{ id: gone, deleted: true, deleted_at: expect.any(String) }]);

    const next = await catchUp(mirror, TX, token, knowledge);
    expect(mirror).toEqual((await readAll(TX, token)).rows);
    // Nothing changed since: nothing new. A token may stay a little lower while another transaction of the
    // database runs (docs/api.md, "Tokens and long transactions"), and then answers again what the mirror
    // already applied: rows as it holds them, and the deletion it already made.
    const again = await api.call("GET", `${TX}?since=${next}`, { token });
    for (const row of again.body.deleted as Array<{ id: string }>) {
      expect(row.id).toBe(gone);
      expect(mirror.has(row.id)).toBe(false);
    }
    for (const row of again.body.data as Row[]) expect(row).toEqual(mirror.get(row.id));
  });

  it("keeps a plain read's token and ETag while nothing changes, so a poll is answered 304", async () => {
    const first = await api.call("GET", `${TX}?limit=5`, { token });
    const second = await api.call("GET", `${TX}?limit=5`, {
      token,
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(second.status).toBe(304);
    const [poll] = await write([{ amount: "-4.00", description: "Poll" }]);
    const third = await api.call("GET", `${TX}?limit=5`, {
      token,
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(third.status).toBe(200);
    const delta = await api.call("GET", `${TX}?since=${first.body.meta.server_knowledge}`, { token });
    expect(delta.body.data.map((row: Row) => row.id)).toContain(poll);
  });

  it("refuses filters and page beside since, a forged token and another list's token (400 naming them)", async () => {
    const knowledge = (await api.call("GET", TX, { token })).body.meta.server_knowledge as string;
    const filtered = await api.call("GET", `${TX}?since=${knowledge}&account_id=${account}&page=2`, { token });
    expect([filtered.status, filtered.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(filtered.body.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual([
      "account_id",
      "page",
    ]);

    const forged = await api.call("GET", `${TX}?since=bm9wZQ`, { token });
    expect([forged.status, forged.body.issues[0].path]).toEqual([400, ["since"]]);
    const categories = (await api.call("GET", "/api/v1/programmatic/categories", { token })).body.meta.server_knowledge;
    const crossed = await api.call("GET", `${TX}?since=${categories}`, { token });
    expect([crossed.status, crossed.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    const future = Buffer.from(JSON.stringify([1, "transactions", "99999999999999"])).toString("base64url");
    expect((await api.call("GET", `${TX}?since=${future}`, { token })).status).toBe(400);
  });

  it("shows another workspace nothing of this one", async () => {
    const other = await transactionsWorkspace(api, "Elsewhere");
    const knowledge = (await api.call("GET", TX, { token: other.token })).body.meta.server_knowledge;
    await write([{ amount: "-5.00", description: "Mine only" }]);
    const delta = await api.call("GET", `${TX}?since=${knowledge}`, { token: other.token });
    expect(delta.body).toMatchObject({ data: [], deleted: [] });
  });

  it("a mirror synced while four writers create, edit and delete equals the list at the end", async () => {
    const writers = await Promise.all(
      [0, 1, 2, 3].map(async () => (await api.createToken(session, ["transactions:read", "transactions:write"])).token),
    );
    const { rows: mirror, knowledge: start } = await readAll(TX, token);
    let knowledge = start;
    let writing = true;
    const syncer = (async () => {
      while (writing) knowledge = await catchUp(mirror, TX, token, knowledge);
    })();
    await atOnce(writers.length, async (writer) => {
      const writerToken = writers[writer]!;
      const mine: string[] = [];
      for (let step = 0; step < 12; step += 1) {
        const roll = (writer * 7 + step * 5) % 6;
        if (roll < 3 || mine.length === 0) {
          mine.push(
            ...(await write([{ amount: `-${writer + 1}.${step}0`, description: `W${writer} S${step}` }], writerToken)),
          );
        } else if (roll < 5) {
          const id = mine[step % mine.length]!;
          const patched = await api.call("PATCH", TX, {
            token: writerToken,
            headers: key(),
            body: { transactions: [{ id, notes: `edited at ${step}` }] },
          });
          expect(patched.status, JSON.stringify(patched.body)).toBe(200);
        } else {
          const id = mine.splice(step % mine.length, 1)[0]!;
          const deleted = await api.call("DELETE", `${TX}/${id}`, { token: writerToken, headers: key() });
          expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        }
      }
    });
    writing = false;
    await syncer;
    await catchUp(mirror, TX, token, knowledge);
    const truth = (await readAll(TX, token)).rows;
    expect(mirror.size).toBe(truth.size);
    expect(mirror).toEqual(truth);
  });
});

describe("since on the other lists", () => {
  it("categories, wallets, accounts, rules and templates each answer their own changes", async () => {
    const user = await api.signUp();
    const all = (await api.createToken(user.sessionToken, ALL_SCOPES)).token;
    const trpc = async (path: string, body: unknown) => {
      const response = await api.call("POST", `/api/trpc/${path}`, { token: user.sessionToken, body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.result.data;
    };
    const lists = {
      categories: "/api/v1/programmatic/categories",
      wallets: "/api/v1/programmatic/wallets",
      accounts: "/api/v1/programmatic/accounts",
      rules: "/api/v1/programmatic/categorisation-rules",
      templates: "/api/v1/programmatic/transaction-templates",
      goals: "/api/v1/programmatic/goals",
      budgets: "/api/v1/programmatic/budgets",
      recurring: "/api/v1/programmatic/recurring-rules",
    };
    const before: Record<string, string> = {};
    for (const [name, path] of Object.entries(lists)) {
      const answer = await api.call("GET", path, { token: all });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      before[name] = answer.body.meta.server_knowledge;
    }
    const changes = async (name: keyof typeof lists) => {
      const answer = await api.call("GET", `${lists[name]}?since=${before[name]}`, { token: all });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      return {
        changed: (answer.body.data as Row[]).map((row) => row.id),
        deleted: (answer.body.deleted as Row[]).map((row) => row.id),
      };
    };

    const category = (await trpc("categories.create", { name: "Bücher", group_id: null, icon_name: null, aliases: [] }))
      .id;
    const wallet = await trpc("wallets.create", {
      name: "Sparbuch",
      accounts: [{ currency_code: "EUR", opening_balance: "10.00", opening_balance_date: "2026-01-01" }],
    });
    const accounts = (await api.call("GET", lists.accounts, { token: all })).body.data as Array<{
      id: string;
      attributes: { wallet_id: string };
    }>;
    const accountId = accounts.find((row) => row.attributes.wallet_id === wallet.id)!.id;
    const rule = await api.call("POST", lists.rules, {
      token: all,
      headers: key(),
      body: {
        name: "Books",
        conditions: { description: { operator: "contains", value: "buch" } },
        category_id: category,
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const template = await api.call("POST", lists.templates, {
      token: all,
      headers: key(),
      body: { direction: "expense", name: "Books", source_wallet_id: wallet.id },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);

    // (A token may stay a little lower while another transaction of the database server runs: the
    // categories made at sign-up could come again, never one of another workspace.)
    expect(await changes("categories")).toEqual({ changed: expect.arrayContaining([category]), deleted: [] });
    expect(await changes("wallets")).toEqual({ changed: [wallet.id], deleted: [] });
    expect(await changes("accounts")).toEqual({ changed: [accountId], deleted: [] });
    expect(await changes("rules")).toEqual({ changed: [rule.body.data.id], deleted: [] });
    expect(await changes("templates")).toEqual({ changed: [template.body.data.id], deleted: [] });
    expect(await changes("goals")).toEqual({ changed: [], deleted: [] });

    // A rule deleted, a category archived: the rule as deleted, the category as changed (is_archived).
    before.rules = (await api.call("GET", lists.rules, { token: all })).body.meta.server_knowledge;
    before.categories = (await api.call("GET", lists.categories, { token: all })).body.meta.server_knowledge;
    expect((await api.call("DELETE", `${lists.rules}/${rule.body.data.id}`, { token: all })).status).toBe(204);
    await trpc("categories.archive", { id: category });
    expect(await changes("rules")).toEqual({ changed: [], deleted: [rule.body.data.id] });
    // since=0: the whole list from the start (the safe first read of a list paged by page), no deletions.
    const fromStart = await api.call("GET", `${lists.categories}?since=0`, { token: all });
    expect(fromStart.body.data.map((row: Row) => row.id)).toContain(category);
    expect(fromStart.body.deleted).toEqual([]);
    const archived = await api.call("GET", `${lists.categories}?since=${before.categories}`, { token: all });
    const archivedRows = archived.body.data as Array<Row & { attributes: { is_archived: boolean } }>;
    expect(archivedRows.find((row) => row.id === category)?.attributes.is_archived).toBe(true);
    // (As above, a token held low by another transaction of the server may bring the sign-up's
    // categories again: this workspace's, unarchived, never another's.)
    const signUpCategories = (fromStart.body.data as Row[]).map((row) => row.id).filter((id) => id !== category);
    for (const row of archivedRows.filter((row) => row.id !== category)) {
      expect(signUpCategories).toContain(row.id);
      expect(row.attributes.is_archived).toBe(false);
    }
    // Renaming the wallet changes its account too (the account shows the wallet's name).
    before.accounts = (await api.call("GET", lists.accounts, { token: all })).body.meta.server_knowledge;
    await trpc("wallets.update", { id: wallet.id, name: "Tagesgeld" });
    expect(await changes("accounts")).toEqual({ changed: [accountId], deleted: [] });
  });
});
