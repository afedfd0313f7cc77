import { router } from "../../trpc/builders";
import { getApplicationProcedure, listApplicationsProcedure, undoApplicationProcedure } from "./applications";
import { applyRulesProcedure } from "./apply";
import { createRuleProcedure } from "./create";
import { deleteRuleProcedure } from "./delete";
import { getRuleProcedure } from "./get";
import { listRulesProcedure } from "./list";
import { countMatchesProcedure } from "./matches";
import { updateRuleProcedure } from "./update";

export const categorisationRulesRouter = router({
  list: listRulesProcedure,
  get: getRuleProcedure,
  create: createRuleProcedure,
  update: updateRuleProcedure,
  delete: deleteRuleProcedure,
  applyRules: applyRulesProcedure,
  countMatches: countMatchesProcedure,
  applications: listApplicationsProcedure,
  application: getApplicationProcedure,
  undo: undoApplicationProcedure,
});
