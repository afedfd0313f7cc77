import { router } from "../../trpc/builders";
import { templateChoices } from "./choices";
import { createTemplate } from "./create";
import { listTemplates } from "./list";
import { useTemplate } from "./use";

export const transactionTemplatesRouter = router({
  create: createTemplate,
  list: listTemplates,
  choices: templateChoices,
  use: useTemplate,
});
