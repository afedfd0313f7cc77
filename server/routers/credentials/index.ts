import { router } from "../../trpc/builders";
import { createCredential } from "./create";
import { currentCredential } from "./current";
import { listCredentials } from "./list";
import { revokeCredential } from "./revoke";

export const credentialsRouter = router({
  create: createCredential,
  list: listCredentials,
  revoke: revokeCredential,
  current: currentCredential,
});
