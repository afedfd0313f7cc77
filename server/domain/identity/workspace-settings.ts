import type { Db } from "../../db";
import { AppError } from "../../errors";
import { currencyById, currencyCatalogue, currencyObject, type CurrencyInfo } from "../money/currencies";
import { isValidTimeZone } from "../time/calendar";
import type { SessionCaller } from "./authenticate";
import { asWorkspaceOwner } from "./members";

export interface WorkspaceSettingsInput {
  name?: string;
  timezone?: string;
  home_currency?: string;
}

/** The workspace as its settings show it. */
async function workspaceSettings(db: Db, workspaceId: string) {
  const row = await db.prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, name: true, timezone: true, plan: true, homeCurrencyId: true },
  });
  const home = (await currencyCatalogue(db)).get(row.homeCurrencyId)!;
  return { id: row.id, name: row.name, timezone: row.timezone, plan: row.plan, home_currency: currencyObject(home) };
}

/** A currency accounts can be opened in, by code (any letter case); 400 naming home_currency otherwise. */
async function enabledCurrency(db: Db, code: string): Promise<CurrencyInfo> {
  const upper = code.toUpperCase();
  const row = await db.prisma.currency.findFirst({ where: { code: upper, enabled: true }, select: { id: true } });
  if (!row) throw invalid("home_currency", `${upper} is not a supported currency`);
  return currencyById(db, row.id);
}

const invalid = (field: string, problem: string) =>
  new AppError("VALIDATION_FAILED", `Validation failed: ${field}: ${problem}`, {}, [
    { path: [field], code: "invalid_value", message: problem },
  ]);

/**
 * Changes the workspace's name, time zone or home currency (owner only; 403 for a member). Totals,
 * reports and net worth are given in the home currency from the next read on: every cached figure
 * is keyed by it (read-cache-key.ts), and amounts are stored in their own currencies, so nothing
 * stored is converted. Budgets and goals keep the currency they were made in.
 */
export async function updateWorkspaceSettings(db: Db, caller: SessionCaller, input: WorkspaceSettingsInput) {
  await asWorkspaceOwner(db, caller, "change the workspace's settings");
  if (input.timezone !== undefined && !isValidTimeZone(input.timezone)) {
    throw invalid("timezone", `${input.timezone} is not an IANA time zone`);
  }
  const currency = input.home_currency === undefined ? null : await enabledCurrency(db, input.home_currency);
  await db.prisma.workspace.update({
    where: { id: caller.workspace.id },
    data: {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.timezone === undefined ? {} : { timezone: input.timezone }),
      ...(currency ? { homeCurrencyId: currency.id } : {}),
    },
  });
  return workspaceSettings(db, caller.workspace.id);
}
