import { router } from "../../trpc/builders";
import { archiveCategoryProcedure } from "./archive";
import { createCategoryProcedure } from "./create";
import { createCategoryGroupProcedure } from "./create-group";
import { listCategoriesProcedure } from "./list";
import { categoriesOverviewProcedure } from "./overview";
import { unarchiveCategoryProcedure } from "./unarchive";
import { updateCategoryProcedure } from "./update";

export const categoriesRouter = router({
  list: listCategoriesProcedure,
  overview: categoriesOverviewProcedure,
  create: createCategoryProcedure,
  update: updateCategoryProcedure,
  archive: archiveCategoryProcedure,
  unarchive: unarchiveCategoryProcedure,
  createGroup: createCategoryGroupProcedure,
});
