import { router } from "../../trpc/builders";
import { templateChoicesProcedure } from "./choices";
import { createTemplateProcedure } from "./create";
import { listTemplatesProcedure } from "./list";
import { listTemplatesPagedProcedure } from "./list-paged";
import { useTemplateProcedure } from "./use";

export const transactionTemplatesRouter = router({
  create: createTemplateProcedure,
  list: listTemplatesProcedure,
  listPaged: listTemplatesPagedProcedure,
  choices: templateChoicesProcedure,
  use: useTemplateProcedure,
});
