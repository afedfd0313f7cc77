import { router } from "../../../trpc";
import { importAccounts } from "./accounts";
import { confirmImport } from "./confirm";
import { getImport } from "./get";
import { inspectImport } from "./inspect";
import { listImports } from "./list";
import { forgetReading, listReadings, rememberReading } from "./readings";
import { discardImport, reparseImport } from "./reparse";
import { revertImport } from "./revert";

/** The imports page: the upload itself is multipart, at /api/dashboard/imports (server/http/import-upload.ts). */
export const manageImportsRouter = router({
  accounts: importAccounts,
  list: listImports,
  get: getImport,
  confirm: confirmImport,
  reparse: reparseImport,
  discard: discardImport,
  revert: revertImport,
  inspect: inspectImport,
  readings: listReadings,
  rememberReading,
  forgetReading,
});
