import { router } from "../../trpc/builders";
import { createCredentialProcedure } from "./create";
import { currentCredentialProcedure } from "./current";
import { listCredentialsProcedure } from "./list";
import { revokeCredentialProcedure } from "./revoke";

export const credentialsRouter = router({
  create: createCredentialProcedure,
  list: listCredentialsProcedure,
  revoke: revokeCredentialProcedure,
  current: currentCredentialProcedure,
});
