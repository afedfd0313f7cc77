import { router } from "../../../trpc/builders";
import { importAccounts } from "./accounts";
import { inspectFile, inspectImport } from "./inspect";
import { forgetReading, listReadings, rememberReading } from "./readings";

/** The imports page; the upload is programmatic.imports.create and inspectFile is multipart, both through server/http/import-upload.ts. */
export const manageImportsRouter = router({
  accounts: importAccounts,
  inspect: inspectImport,
  inspectFile,
  readings: listReadings,
  rememberReading,
  forgetReading,
});
