import { router } from "../../trpc/builders";
import { updateWorkspaceProcedure } from "./update";

export const workspaceRouter = router({
  update: updateWorkspaceProcedure,
});
