import { router } from "../../trpc/builders";
import { getApplication, listApplications, undoApplication } from "./applications";
import { applyRules } from "./apply";
import { createRule } from "./create";
import { deleteRule } from "./delete";
import { getRule } from "./get";
import { listRules } from "./list";
import { countMatches } from "./matches";
import { updateRule } from "./update";

export const categorisationRulesRouter = router({
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
});
