import { router } from "../../trpc/builders";
import { importAccountsProcedure } from "./accounts";
import { confirmImportProcedure } from "./confirm";
import { discardImportProcedure } from "./discard";
import { editPreviewProcedure } from "./edit-preview";
import { getImportProcedure } from "./get";
import { inspectFileProcedure, inspectImportProcedure } from "./inspect";
import { listImportsProcedure } from "./list";
import { forgetReadingProcedure, listReadingsProcedure, rememberReadingProcedure } from "./readings";
import { reparseImportProcedure } from "./reparse";
import { revertImportProcedure } from "./revert";
import { uploadStatementProcedure } from "./upload";

/** The upload (`create`) and inspectFile are multipart forms, both through server/http/import-upload.ts. */
export const importsRouter = router({
  create: uploadStatementProcedure,
  list: listImportsProcedure,
  get: getImportProcedure,
  confirm: confirmImportProcedure,
  reparse: reparseImportProcedure,
  discard: discardImportProcedure,
  revert: revertImportProcedure,
  editPreview: editPreviewProcedure,
  accounts: importAccountsProcedure,
  inspect: inspectImportProcedure,
  inspectFile: inspectFileProcedure,
  readings: listReadingsProcedure,
  rememberReading: rememberReadingProcedure,
  forgetReading: forgetReadingProcedure,
});
