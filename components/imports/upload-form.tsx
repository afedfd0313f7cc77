"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FieldError, FormAlert } from "../form-fields";
import { NamedOptions, SelectField } from "../manage-fields";
import type { ImportAccount, ImportJob } from "./import-types";
import { uploadStatement, type StatementUpload } from "./upload-statement";

const FILE_TYPES = ".csv,.txt,.xlsx,.xls,.ofx,.qfx,.sta,.mt940,.940";

/** Step 1: the account and the statement file; the answer is the import's preview. */
export function UploadForm({ accounts, onUploaded }: { accounts: ImportAccount[]; onUploaded: (job: ImportJob, upload: StatementUpload) => void }) {
  const [accountId, setAccountId] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadStatement, onSuccess: (job, sent) => onUploaded(job, sent) });
  const chosenAccount = accountId || accounts[0]?.id || "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.name === "") {
      setFileError("Choose a statement file.");
      return;
    }
    setFileError(null);
    upload.mutate({ accountId: chosenAccount, file });
  };

  return (
    <form onSubmit={submit} noValidate className="card stack" aria-label="Upload a statement">
      <h2>Upload a statement</h2>
      <FormAlert message={upload.error?.message} />
      <div className="upload-grid">
        <SelectField label="Account" name="account_id" value={chosenAccount} onChange={(event) => setAccountId(event.target.value)} hint="The rows are booked on this account.">
          <NamedOptions items={accounts} />
        </SelectField>
        <div className="field">
          <label htmlFor="statement-file">Statement file</label>
          <input id="statement-file" name="file" type="file" accept={FILE_TYPES} aria-invalid={fileError ? true : undefined} />
          <p className="field-hint">CSV, Excel, OFX/QFX or MT940, up to 10 MiB.</p>
          <FieldError message={fileError ?? undefined} />
        </div>
        <button type="submit" className="button button-primary" disabled={upload.isPending || chosenAccount === ""}>
          {upload.isPending ? "Reading the file…" : "Upload and preview"}
        </button>
      </div>
    </form>
  );
}
