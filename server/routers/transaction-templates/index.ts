import { router } from "../../trpc/builders";
import { templateChoicesProcedure } from "./choices";
import { createTemplateProcedure } from "./create";
import { listTemplatesProcedure } from "./list";
import { useTemplateProcedure } from "./use";

export const transactionTemplatesRouter = router({
  create: createTemplateProcedure,
  list: listTemplatesProcedure,
  choices: templateChoicesProcedure,
  use: useTemplateProcedure,
});
