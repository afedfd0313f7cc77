import { router } from "../../trpc/builders";
import { archiveCategory } from "./archive";
import { createCategory } from "./create";
import { createCategoryGroup } from "./create-group";
import { listCategories } from "./list";
import { categoriesOverview } from "./overview";
import { unarchiveCategory } from "./unarchive";
import { updateCategory } from "./update";

export const categoriesRouter = router({
  list: listCategories,
  overview: categoriesOverview,
  create: createCategory,
  update: updateCategory,
  archive: archiveCategory,
  unarchive: unarchiveCategory,
  createGroup: createCategoryGroup,
});
