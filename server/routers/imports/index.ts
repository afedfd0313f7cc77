import { router } from "../../trpc/builders";
import { importAccounts } from "./accounts";
import { confirmImport } from "./confirm";
import { discardImport } from "./discard";
import { editPreview } from "./edit-preview";
import { getImport } from "./get";
import { inspectFile, inspectImport } from "./inspect";
import { listImports } from "./list";
import { forgetReading, listReadings, rememberReading } from "./readings";
import { reparseImport } from "./reparse";
import { revertImport } from "./revert";
import { uploadStatement } from "./upload";

/** The upload (`create`) and inspectFile are multipart forms, both through server/http/import-upload.ts. */
export const importsRouter = router({
  create: uploadStatement,
  list: listImports,
  get: getImport,
  confirm: confirmImport,
  reparse: reparseImport,
  discard: discardImport,
  revert: revertImport,
  editPreview,
  accounts: importAccounts,
  inspect: inspectImport,
  inspectFile,
  readings: listReadings,
  rememberReading,
  forgetReading,
});
