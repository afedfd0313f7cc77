"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { CredentialAudience } from "@/server/domain/identity/credentials";
import { isScope, SCOPES, type Scope } from "@/server/domain/identity/scopes";
import { CodeCheckboxes, FieldError, formValue, TextField } from "../form-fields";
import { DialogForm } from "../modal";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";
import { ShownOnce, ShownOnceModal } from "../shown-once";
import { McpSetup } from "./mcp-setup";

const FIELDS = ["name", "audience", "scopes", "expires_in_days"] as const;

/**
 * "Create token": the form, then the plaintext token once (with set-up snippets for an MCP token).
 * Closing unmounts both. `publicOrigin`: the configured PUBLIC_BASE_URL, if any.
 */
export function CreateTokenDialog({
  open,
  publicOrigin,
  onClose,
  onCreated,
}: {
  open: boolean;
  publicOrigin?: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useTranslations("tokens.create");
  return (
    <ShownOnceModal
      open={open}
      formTitle={t("title")}
      shownTitle={t("createdTitle")}
      onClose={onClose}
      onShown={onCreated}
    >
      {({ shown, close }) => <CreateTokenContent publicOrigin={publicOrigin} onCreated={shown} onClose={close} />}
    </ShownOnceModal>
  );
}

function CreateTokenContent({
  publicOrigin,
  onCreated,
  onClose,
}: {
  publicOrigin?: string;
  onCreated: () => void;
  onClose: () => void;
}) {
  const t = useTranslations("tokens.create");
  const trpc = useTRPC();
  // gcTime 0: the answer holding the plaintext leaves the query cache as soon as the dialog closes.
  const create = useMutation(trpc.credentials.create.mutationOptions({ gcTime: 0, onSuccess: onCreated }));
  const created = create.data?.data.attributes;
  if (created?.token)
    return (
      <CreatedToken token={created.token} audience={created.audience} publicOrigin={publicOrigin} onClose={onClose} />
    );

  const errors = formErrorsOf(create.error, FIELDS);
  const submit = (form: FormData) => {
    create.mutate({
      name: formValue(form, "name"),
      audience: formValue(form, "audience") === "mcp" ? "mcp" : "programmatic_api",
      scopes: form.getAll("scopes").filter((scope): scope is Scope => typeof scope === "string" && isScope(scope)),
      expires_in_days: Number(formValue(form, "expires_in_days")),
    });
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={t("submit")}
      pendingLabel={t("creating")}
      pending={create.isPending}
      onCancel={onClose}
    >
      <TextField
        label={t("name")}
        name="name"
        required
        maxLength={100}
        autoComplete="off"
        error={errors.fields.name}
        hint={t("nameHint")}
      />
      <div className="field">
        <label htmlFor="token-audience">{t("audience")}</label>
        <select id="token-audience" name="audience" defaultValue="programmatic_api">
          <option value="programmatic_api">{t("audienceApi")}</option>
          <option value="mcp">{t("audienceMcp")}</option>
        </select>
        <FieldError message={errors.fields.audience} />
      </div>
      <CodeCheckboxes legend={t("scopes")} name="scopes" values={SCOPES} error={errors.fields.scopes} />
      <TextField
        label={t("expires")}
        name="expires_in_days"
        type="number"
        min={1}
        max={365}
        defaultValue={90}
        required
        error={errors.fields.expires_in_days}
        hint={t("expiresHint")}
      />
    </DialogForm>
  );
}

function CreatedToken({
  token,
  audience,
  publicOrigin,
  onClose,
}: {
  token: string;
  audience: CredentialAudience;
  publicOrigin?: string;
  onClose: () => void;
}) {
  const t = useTranslations("tokens.create");
  return (
    <ShownOnce
      id="new-token"
      label={t("newToken")}
      value={token}
      what={t("theToken")}
      notice={t("notice")}
      onClose={onClose}
    >
      {audience === "mcp" ? <McpSetup token={token} publicOrigin={publicOrigin} /> : null}
    </ShownOnce>
  );
}
