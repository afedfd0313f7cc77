import { router } from "../../trpc/builders";
import { listAccounts } from "./accounts/list";
import { updateAccount } from "./accounts/update";
import { listCategories } from "./categories/list";
import { applyRules } from "./categorisation-rules/apply";
import { getApplication, listApplications, undoApplication } from "./categorisation-rules/applications";
import { createRule } from "./categorisation-rules/create";
import { deleteRule } from "./categorisation-rules/delete";
import { getRule } from "./categorisation-rules/get";
import { listRules } from "./categorisation-rules/list";
import { countMatches } from "./categorisation-rules/matches";
import { suggestCategories } from "./categorisation-rules/suggest";
import { updateRule } from "./categorisation-rules/update";
import { editPreview } from "./imports/edit-preview";
import { getWallet } from "./wallets/get";
import { listWallets } from "./wallets/list";
import { getBudget } from "./budgets/get";
import { listBudgets } from "./budgets/list";
import { listGoals } from "./goals/list";
import { listRecurringRules } from "./recurring-rules/list";
import { createTemplate } from "./transaction-templates/create";
import { confirmImport } from "./imports/confirm";
import { getImport } from "./imports/get";
import { discardImport } from "./imports/discard";
import { reparseImport } from "./imports/reparse";
import { revertImport } from "./imports/revert";
import { uploadStatement } from "./imports/upload";
import { listImports } from "./imports/list";
import { listTransactions } from "./transactions/list";
import { getInsight } from "./insights/get";
import { listInsights } from "./insights/list";
import {
  cashFlowSummary,
  categoryDrift,
  categoryHeatmap,
  incomeStability,
  recurringDetection,
  uncategorizedClusters,
} from "./reports";
/** The workspace data endpoints under /api/v1/programmatic, reached with personal access tokens. */
export const programmaticRouter = router({
  accounts: router({ list: listAccounts, update: updateAccount }),
  categories: router({ list: listCategories }),
  transactions: router({ list: listTransactions, suggestCategories }),
  categorisationRules: router({
    list: listRules,
    get: getRule,
    create: createRule,
    update: updateRule,
    delete: deleteRule,
    applyRules,
    countMatches,
    applications: listApplications,
    application: getApplication,
    undo: undoApplication,
  }),
  wallets: router({ get: getWallet, list: listWallets }),
  recurringRules: router({ list: listRecurringRules }),
  goals: router({ list: listGoals }),
  budgets: router({ get: getBudget, list: listBudgets }),
  transactionTemplates: router({ create: createTemplate }),
  imports: router({
    create: uploadStatement,
    list: listImports,
    get: getImport,
    confirm: confirmImport,
    reparse: reparseImport,
    discard: discardImport,
    revert: revertImport,
    editPreview,
  }),
  insights: router({ get: getInsight, list: listInsights }),
  reports: router({
    categoryHeatmap,
    incomeStability,
    uncategorizedClusters,
    recurringDetection,
    categoryDrift,
    cashFlowSummary,
  }),
});
