/**
 * The MCP server's resources: read-only JSON views of the workspace an assistant can load as
 * context. Each is built by calling the programmatic procedures as the credential (the tools'
 * procedures), so their scopes and answers apply: a resource is listed, and readable,
 * only when the token may call every tool it is made from.
 */
import type { ReadResourceResult, Resource } from "@modelcontextprotocol/sdk/types.js";
import type { PatCaller } from "../domain/identity/authenticate";
import { AppError } from "../errors";
import type { createCaller } from "../routers";
import { mayCallAll } from "./tools";

export type ProcedureCaller = ReturnType<typeof createCaller>;

interface ResourceDefinition extends Resource {
  /** The tools whose procedures it reads. */
  tools: readonly string[];
  read(procedures: ProcedureCaller): Promise<unknown>;
}

const PAGE_LIMIT = 200;

/** Every item of a list, page by page along next_cursor (within the request's one unit of the rate limit). */
async function everyPage<Item>(
  list: (page: { limit: number; cursor?: string }) => Promise<{ data: Item[]; meta: { next_cursor: string | null } }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) });
    items.push(...page.data);
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

const RESOURCES: ResourceDefinition[] = [
  {
    uri: "finance://workspace/summary",
    name: "workspace-summary",
    title: "Accounts, wallets and balances",
    description:
      "Every active account with its currency and balance as of today (list_accounts), and every active wallet with its total in the home currency and its amounts per currency (list_wallets).",
    mimeType: "application/json",
    tools: ["list_accounts", "list_wallets"],
    async read(procedures) {
      const accounts = await everyPage((page) => procedures.accounts.list(page));
      const wallets = await everyPage((page) => procedures.wallets.list(page));
      return {
        accounts: accounts.map(({ id, attributes: account }) => ({
          id,
          name: account.name,
          wallet_id: account.wallet_id,
          currency_code: account.currency_code,
          current_balance: account.current_balance,
          native_current_balance: account.native_current_balance,
        })),
        wallets: wallets.map(({ id, attributes: wallet }) => ({
          id,
          name: wallet.name,
          type: wallet.type,
          total_balance: wallet.total_balance,
          total_balance_currency: wallet.total_balance_currency.code,
          per_currency: wallet.per_currency.map(({ currency_code, amount }) => ({ currency_code, amount })),
        })),
      };
    },
  },
  {
    uri: "finance://workspace/categories",
    name: "workspace-categories",
    title: "Categories",
    description:
      "Every category with its id, group, aliases and transaction count (list_categories): what a transaction can be filed under.",
    mimeType: "application/json",
    tools: ["list_categories"],
    async read(procedures) {
      const categories = await everyPage((page) => procedures.categories.list(page));
      return {
        categories: categories.map(({ id, attributes: category }) => ({
          id,
          name: category.name,
          group_id: category.group_id,
          aliases: category.aliases,
          is_archived: category.is_archived,
          is_system: category.is_system,
          tx_count: category.tx_count,
        })),
      };
    },
  },
];

/** The resources this credential may read. */
export function listResources(caller: PatCaller): Resource[] {
  return RESOURCES.filter((resource) => mayCallAll(caller, resource.tools)).map(
    ({ tools: _tools, read: _read, ...resource }) => resource,
  );
}

/** Reads one resource through the procedures; throws the AppError of an unknown URI, a scope the token lacks or a procedure's refusal. */
export async function readResource(
  caller: PatCaller,
  uri: string,
  procedures: ProcedureCaller,
): Promise<ReadResourceResult> {
  const resource = RESOURCES.find((candidate) => candidate.uri === uri);
  if (!resource) throw new AppError("RESOURCE_NOT_FOUND", `There is no resource ${JSON.stringify(uri)}.`);
  if (!mayCallAll(caller, resource.tools)) {
    throw new AppError(
      "INSUFFICIENT_SCOPE",
      `This token lacks a scope this resource needs (the scopes of ${resource.tools.join(" and ")}).`,
    );
  }
  const body = await resource.read(procedures);
  return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(body, null, 2) }] };
}
