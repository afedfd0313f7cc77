"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { WEBHOOK_EVENT_TYPES } from "@/server/domain/webhooks/events";
import { CodeCheckboxes, formValue, TextField } from "../form-fields";
import { DialogForm, Modal } from "../modal";
import { ShownOnce, ShownOnceModal } from "../shown-once";
import { useTRPC } from "../trpc-provider";
import { formErrorsOf } from "../trpc-errors";

const FIELDS = ["url", "events", "description"] as const;

/** "Add endpoint": the form, then the signing secret once. Closing unmounts both. */
export function CreateWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useTranslations("webhooks.create");
  return (
    <ShownOnceModal
      open={open}
      formTitle={t("title")}
      shownTitle={t("createdTitle")}
      onClose={onClose}
      onShown={onCreated}
    >
      {({ shown, close }) => <CreateWebhookContent onCreated={shown} onClose={close} />}
    </ShownOnceModal>
  );
}

function CreateWebhookContent({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
  const t = useTranslations("webhooks.create");
  const trpc = useTRPC();
  // gcTime 0: the answer holding the secret leaves the query cache as soon as the dialog closes.
  const create = useMutation(trpc.webhooks.create.mutationOptions({ gcTime: 0, onSuccess: onCreated }));
  const created = create.data?.data.attributes;
  if (created?.secret) return <SecretShown secret={created.secret} onClose={onClose} />;

  const errors = formErrorsOf(create.error, FIELDS);
  const submit = (form: FormData) => {
    const description = formValue(form, "description");
    create.mutate({
      url: formValue(form, "url"),
      events: form.getAll("events").filter((event): event is string => typeof event === "string"),
      ...(description ? { description } : {}),
    });
  };
  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={t("submit")}
      pendingLabel={t("adding")}
      pending={create.isPending}
      onCancel={onClose}
    >
      <TextField
        label={t("url")}
        name="url"
        type="url"
        required
        maxLength={2000}
        autoComplete="off"
        placeholder="https://example.com/hooks"
        error={errors.fields.url}
        hint={t("urlHint")}
      />
      <TextField
        label={t("description")}
        name="description"
        maxLength={500}
        autoComplete="off"
        error={errors.fields.description}
        hint={t("descriptionHint")}
      />
      <CodeCheckboxes legend={t("events")} name="events" values={WEBHOOK_EVENT_TYPES} error={errors.fields.events} />
    </DialogForm>
  );
}

/** The secret of a rotation, shown once. */
export function NewSecretDialog({
  secret,
  onClose,
}: {
  secret: { name: string; secret: string } | null;
  onClose: () => void;
}) {
  const t = useTranslations("webhooks.secret");
  return (
    <Modal open={secret !== null} title={t("title")} onClose={onClose} className="modal-wide">
      {secret ? (
        <>
          <p>
            {t.rich("rotated", {
              url: secret.name,
              code: (chunks) => <code className="break-anywhere">{chunks}</code>,
            })}
          </p>
          <SecretShown secret={secret.secret} onClose={onClose} />
        </>
      ) : null}
    </Modal>
  );
}

function SecretShown({ secret, onClose }: { secret: string; onClose: () => void }) {
  const t = useTranslations("webhooks.secret");
  return (
    <ShownOnce
      id="new-webhook-secret"
      label={t("label")}
      value={secret}
      what={t("what")}
      notice={t("notice")}
      onClose={onClose}
    />
  );
}
