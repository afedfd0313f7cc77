"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { categoryGroupInput } from "@/server/schemas/categories";
import { walletGroupInput } from "@/server/schemas/wallets";
import { FormAlert, formValue, TextField } from "../form-fields";
import { Modal } from "../modal";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";

/** "New group" for wallets or categories: a name, unique in the workspace. */
export function GroupDialog({ kind, open, onClose, onCreated }: { kind: "wallet" | "category"; open: boolean; onClose: () => void; onCreated: () => void }) {
  return (
    <Modal open={open} title={kind === "wallet" ? "New wallet group" : "New category group"} onClose={onClose}>
      <GroupForm kind={kind} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function GroupForm({ kind, onClose, onCreated }: { kind: "wallet" | "category"; onClose: () => void; onCreated: () => void }) {
  const trpc = useTRPC();
  const form = useSchemaForm(["name"]);
  const done = { onSuccess: () => { onCreated(); onClose(); } };
  const wallet = useMutation(trpc.manage.wallets.createGroup.mutationOptions(done));
  const category = useMutation(trpc.manage.categories.createGroup.mutationOptions(done));
  const create = kind === "wallet" ? wallet : category;
  const errors = form.errors(create.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { name: formValue(new FormData(event.currentTarget), "name") };
    if (form.validate(kind === "wallet" ? walletGroupInput : categoryGroupInput, input)) create.mutate(input);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormAlert message={errors.form} />
      <TextField label="Group name" name="name" required maxLength={60} autoComplete="off" autoFocus error={errors.fields.name} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create group"}
        </button>
      </div>
    </form>
  );
}
