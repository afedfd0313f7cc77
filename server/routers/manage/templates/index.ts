import { router } from "../../../trpc/builders";
import { templateChoices } from "./choices";
import { createTemplate } from "./create";
import { listTemplates } from "./list";
import { useTemplate } from "./use";

/** The templates page: list, create, and create a transaction from one. */
export const manageTemplatesRouter = router({
  list: listTemplates,
  choices: templateChoices,
  create: createTemplate,
  use: useTemplate,
});
