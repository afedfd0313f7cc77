import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

/** What the categorisation-rules files share: two workspaces with a booked March statement, and the REST calls they make. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

export interface Workspace {
  session: string;
  token: string;
  accountId: string;
  groceries: string;
  rent: string;
}

export const RULES = "/api/v1/programmatic/categorisation-rules";
export const key = () => ({ "idempotency-key": `rules-${randomUUID()}` });

async function trpc(session: string, path: string, body: unknown) {
  const response = await api.call("POST", `/api/trpc/${path}`, { token: session, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result.data;
}

async function workspace(): Promise<Workspace> {
  const user = await api.signUp();
  const session = user.sessionToken;
  const token = (await api.createToken(session, ALL_SCOPES)).token;
  const wallet = await trpc(session, "wallets.create", {
    name: "Girokonto",
    accounts: [{ currency_code: "EUR", opening_balance: "1000.00", opening_balance_date: "2026-01-01" }],
  });
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts?limit=200", { token })).body.data;
  const accountId = accounts.find((row: any) => row.attributes.wallet_id === wallet.id).id;
  const category = async (name: string) =>
    (await trpc(session, "categories.create", { name, group_id: null, icon_name: null, aliases: [] })).id;
  return { session, token, accountId, groceries: await category("Lebensmittel"), rent: await category("Miete") };
}

export async function upload(who: Workspace, rows: string[]) {
  const form = new FormData();
  form.set("account_id", who.accountId);
  form.set(
    "file",
    new Blob([["Buchungstag;Empfänger;Verwendungszweck;Betrag", ...rows, ""].join("\n")]),
    "umsaetze.csv",
  );
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, ...key(), "x-forwarded-for": randomIp() },
    body: form,
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out waiting");
}

export async function confirm(who: Workspace, importId: string) {
  const response = await api.call("POST", `/api/v1/programmatic/imports/${importId}/confirm`, {
    token: who.token,
    headers: key(),
    body: { skip_duplicates: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  await until(
    () => api.call("GET", `/api/v1/programmatic/imports/${importId}`, { token: who.token }),
    (read) => read.body.data.attributes.status === "completed",
  );
}

export async function transactions(who: Workspace) {
  const response = await api.call("GET", "/api/v1/programmatic/transactions?limit=200", { token: who.token });
  return (response.body.data as any[])
    .map((row) => [row.description, row.category_id, row.counterparty])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

export const createRule = (who: Workspace, body: unknown, token = who.token) =>
  api.call("POST", RULES, { token, headers: key(), body });

export const application = (who: Workspace, id: string) =>
  until(
    () => api.call("GET", `/api/v1/programmatic/categorisation-rule-applications/${id}`, { token: who.token }),
    (read) => !["queued", "running", "undoing"].includes(read.body.data.attributes.status),
  );

export const REWE = { description: { operator: "contains", value: "rewe" } };

/**
 * Mine and theirs (each with a EUR account and the categories Lebensmittel and Miete), tokens of
 * mine that may only read rules or not touch them, and March booked in mine with what its rows were
 * categorised as (a default category's name or alias found in the text).
 */
export async function createRulesWorkspaces() {
  const [mine, theirs] = await Promise.all([workspace(), workspace()]);
  const readOnly = (await api.createToken(mine.session, ["rules:read"])).token;
  const noRules = (await api.createToken(mine.session, ["transactions:read", "imports:create"])).token;
  const march = await upload(mine, [
    "03.03.2026;REWE Markt GmbH;REWE SAGT DANKE 4711 KOELN;-23,10",
    "10.03.2026;REWE Markt GmbH;REWE SAGT DANKE 4712 KOELN;-41,75",
    "15.03.2026;Hausverwaltung;Dauerauftrag Miete;-900,00",
    "20.03.2026;Kiosk am Eck;Zeitung;-2,50",
  ]);
  await confirm(mine, march.id);
  const marchCategory = new Map((await transactions(mine)).map((row) => [row[0], row[1]]));
  return { mine, theirs, readOnly, noRules, marchCategory };
}
