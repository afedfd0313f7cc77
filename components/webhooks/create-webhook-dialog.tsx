"use client";

import { useMutation } from "@tanstack/react-query";
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
  return (
    <ShownOnceModal
      open={open}
      formTitle="Add endpoint"
      shownTitle="Endpoint added"
      onClose={onClose}
      onShown={onCreated}
    >
      {({ shown, close }) => <CreateWebhookContent onCreated={shown} onClose={close} />}
    </ShownOnceModal>
  );
}

function CreateWebhookContent({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
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
      label="Add endpoint"
      pendingLabel="Adding…"
      pending={create.isPending}
      onCancel={onClose}
    >
      <TextField
        label="URL"
        name="url"
        type="url"
        required
        maxLength={2000}
        autoComplete="off"
        placeholder="https://example.com/hooks"
        error={errors.fields.url}
        hint="An https:// address on the public internet; events are POSTed to it."
      />
      <TextField
        label="Description"
        name="description"
        maxLength={500}
        autoComplete="off"
        error={errors.fields.description}
        hint="Optional: what receives the events, e.g. “categorising bot”."
      />
      <CodeCheckboxes legend="Events" name="events" values={WEBHOOK_EVENT_TYPES} error={errors.fields.events} />
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
  return (
    <Modal open={secret !== null} title="New signing secret" onClose={onClose} className="modal-wide">
      {secret ? (
        <>
          <p>
            Deliveries to <code className="break-anywhere">{secret.name}</code> are signed with this secret and, for 24
            hours, with the previous one too: switch your receiver to it within a day.
          </p>
          <SecretShown secret={secret.secret} onClose={onClose} />
        </>
      ) : null}
    </Modal>
  );
}

function SecretShown({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <ShownOnce
      id="new-webhook-secret"
      label="Signing secret"
      value={secret}
      what="the secret"
      notice={
        <>
          Copy this signing secret now: it will not be shown again. Your receiver verifies each delivery&apos;s
          webhook-signature with it (any Standard Webhooks library takes it as it is).
        </>
      }
      onClose={onClose}
    />
  );
}
