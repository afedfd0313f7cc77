"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { categoryGroupInput } from "@/server/routers/categories/schemas";
import { walletGroupInput } from "@/server/routers/wallets/schemas";
import { formValue, TextField } from "../form-fields";
import { DialogForm, Modal } from "../modal";
import { closeOnSave } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";

/** "New group" for wallets or categories: a name, unique in the workspace. */
export function GroupDialog({
  kind,
  open,
  onClose,
  onCreated,
}: {
  kind: "wallet" | "category";
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useTranslations("categories.groupDialog");
  return (
    <Modal open={open} title={t("title", { kind })} onClose={onClose}>
      <GroupForm kind={kind} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function GroupForm({
  kind,
  onClose,
  onCreated,
}: {
  kind: "wallet" | "category";
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useTranslations("categories.groupDialog");
  const trpc = useTRPC();
  const form = useSchemaForm(["name"]);
  const done = closeOnSave(onCreated, onClose);
  const wallet = useMutation(trpc.wallets.createGroup.mutationOptions(done));
  const category = useMutation(trpc.categories.createGroup.mutationOptions(done));
  const create = kind === "wallet" ? wallet : category;
  const errors = form.errors(create.error);

  const submit = (data: FormData) => {
    const input = { name: formValue(data, "name") };
    if (form.validate(kind === "wallet" ? walletGroupInput : categoryGroupInput, input)) create.mutate(input);
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={t("create")}
      pendingLabel={t("creating")}
      pending={create.isPending}
      onCancel={onClose}
    >
      <TextField
        label={t("name")}
        name="name"
        required
        maxLength={60}
        autoComplete="off"
        autoFocus
        error={errors.fields.name}
      />
    </DialogForm>
  );
}
