"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FieldError, FormAlert } from "../form-fields";
import { NamedOptions, SelectField } from "../manage-fields";
import { ErrorNotice } from "../page-parts";
import type { ImportAccount, ImportJob, ParseOptions } from "./import-types";
import { OtherAccountOffer, otherAccountOf } from "./other-account-offer";
import { ReadingEditor, type RememberChange } from "./reading-editor";
import { useRememberedReadings } from "./remembered-readings";
import { UploadError, uploadStatement, type StatementUpload } from "./upload-statement";

const FILE_TYPES = ".csv,.txt,.xlsx,.xls,.ofx,.qfx,.sta,.mt940,.940";

/**
 * Step 1: the account and the statement file; the answer is the import's preview. A file the
 * service cannot read opens the column-mapping editor on the file still in the browser; what the
 * person settles on there is sent with the file as its `parse_options`. A statement of another account
 * than the chosen one is offered to be booked here anyway (OtherAccountOffer).
 */
export function UploadForm({
  accounts,
  onUploaded,
}: {
  accounts: ImportAccount[];
  onUploaded: (job: ImportJob, upload: StatementUpload) => void;
}) {
  const t = useTranslations("imports");
  const [accountId, setAccountId] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<File | null>(null);
  const readings = useRememberedReadings();
  const upload = useMutation({
    mutationFn: (sent: StatementUpload) => uploadStatement(sent, t),
    onSuccess: (job, sent) => {
      setAdjusting(null);
      onUploaded(job, sent);
    },
  });
  const chosenAccount = accountId || accounts[0]?.id || "";
  const account = accounts.find((candidate) => candidate.id === chosenAccount);
  const unreadable =
    upload.error instanceof UploadError && upload.error.code === "IMPORT_FILE_UNREADABLE"
      ? upload.variables?.file
      : undefined;
  const otherAccount = otherAccountOf(upload.error);
  const refused = upload.variables;
  // Stored on the account, the file's account now matches; otherwise the upload says it belongs here anyway.
  const uploadAnyway = (stored: boolean) => {
    if (!refused) return;
    upload.mutate(
      stored ? refused : { ...refused, parseOptions: { ...refused.parseOptions, accept_other_account: true } },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.name === "") {
      setFileError(t("upload.chooseFile"));
      return;
    }
    setFileError(null);
    setAdjusting(null);
    upload.mutate({ accountId: chosenAccount, file });
  };

  const apply = (file: File, options: ParseOptions, remember: RememberChange) =>
    upload.mutate(
      { accountId: chosenAccount, file, parseOptions: options },
      // A failed "remember" shows its message under the form (readings.error); the upload stands.
      { onSuccess: () => readings.settle(chosenAccount, remember).catch(() => undefined) },
    );

  return (
    <>
      <form onSubmit={submit} noValidate className="card stack" aria-label={t("upload.title")}>
        <h2>{t("upload.title")}</h2>
        {adjusting ? null : <FormAlert message={upload.error?.message} />}
        <ErrorNotice error={readings.error} />
        {otherAccount && refused && !adjusting ? (
          <OtherAccountOffer
            identifier={otherAccount}
            accountId={refused.accountId}
            accountName={
              accounts.find((candidate) => candidate.id === refused.accountId)?.name ?? t("upload.thisAccount")
            }
            busy={upload.isPending}
            onAccept={uploadAnyway}
          />
        ) : null}
        {unreadable && !adjusting ? (
          <div>
            <button type="button" className="button" onClick={() => setAdjusting(unreadable)}>
              {t("upload.sayHow")}
            </button>
          </div>
        ) : null}
        <div className="upload-grid">
          <SelectField
            label={t("upload.account")}
            name="account_id"
            value={chosenAccount}
            onChange={(event) => setAccountId(event.target.value)}
            hint={t("upload.accountHint")}
          >
            <NamedOptions items={accounts} />
          </SelectField>
          <div className="field">
            <label htmlFor="statement-file">{t("upload.file")}</label>
            <input
              id="statement-file"
              name="file"
              type="file"
              accept={FILE_TYPES}
              aria-invalid={fileError ? true : undefined}
            />
            <p className="field-hint">
              {t("upload.fileHint")}
              {readings.of(chosenAccount) ? ` ${t("upload.rememberedHint")}` : ""}
            </p>
            <FieldError message={fileError ?? undefined} />
          </div>
          <button type="submit" className="button button-primary" disabled={upload.isPending || chosenAccount === ""}>
            {upload.isPending && !adjusting ? t("upload.reading") : t("upload.submit")}
          </button>
        </div>
      </form>
      {adjusting ? (
        <ReadingEditor
          key={`${adjusting.name}-${adjusting.lastModified}-${chosenAccount}`}
          source={{ kind: "file", file: adjusting, accountId: chosenAccount }}
          initial={readings.of(chosenAccount) ?? {}}
          accountName={account?.name ?? ""}
          remembered={readings.of(chosenAccount) !== null}
          applying={upload.isPending}
          applyError={upload.variables?.parseOptions ? (upload.error?.message ?? null) : null}
          onApply={(options, remember) => apply(adjusting, options, remember)}
          onCancel={() => setAdjusting(null)}
        />
      ) : null}
    </>
  );
}
