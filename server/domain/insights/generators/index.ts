import type { InsightGenerator } from "../types";
import { anomalies } from "./anomaly";
import { budgetOverspends, budgetPaces } from "./budgets";
import { goalsOffTrack } from "./goal-off-track";
import { incomeDrops } from "./income-drop";
import { spendingSpikes } from "./spending-spike";
import { uncategorizedBacklog } from "./uncategorized-backlog";
import { upcomingBills } from "./upcoming-bill";

/** Every insight generator; each looks at one kind of fact. */
export const GENERATORS: InsightGenerator[] = [
  anomalies,
  budgetOverspends,
  budgetPaces,
  goalsOffTrack,
  upcomingBills,
  spendingSpikes,
  incomeDrops,
  uncategorizedBacklog,
];
