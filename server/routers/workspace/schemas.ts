import { z } from "zod";
import { currencyObject } from "../shared/fields";

/** The workspace's settings: what the owner changes in Settings, and what every figure depends on. */
export const workspaceSettingsResource = z
  .object({
    id: z.uuid().describe("The workspace's id."),
    name: z.string().describe("The workspace's name."),
    timezone: z.string().describe("IANA time zone deciding today and month boundaries, e.g. Europe/Berlin."),
    plan: z.string().describe("free, plus or pro: how far back reports may reach (12, 36, 120 months)."),
    home_currency: currencyObject.describe("The currency totals, reports and net worth are given in."),
  })
  .meta({ id: "WorkspaceSettings", description: "A workspace's name, time zone, plan and home currency." });
