import { router } from "../../trpc/builders";
import { budgetsRouter } from "./budgets";
import { manageCategoriesRouter } from "./categories";
import { goalsRouter } from "./goals";
import { manageImportsRouter } from "./imports";
import { recurringRulesRouter } from "./recurring";
import { manageTemplatesRouter } from "./templates";
import { manageTransactionsRouter } from "./transactions";
import { manageWalletsRouter } from "./wallets";

/**
 * The dashboard's data management: session procedures (tRPC only, no REST path) on the same
 * domain functions and zod schemas (server/schemas/) the forms validate with.
 */
export const manageRouter = router({
  recurringRules: recurringRulesRouter,
  goals: goalsRouter,
  budgets: budgetsRouter,
  wallets: manageWalletsRouter,
  categories: manageCategoriesRouter,
  transactions: manageTransactionsRouter,
  imports: manageImportsRouter,
  templates: manageTemplatesRouter,
});
