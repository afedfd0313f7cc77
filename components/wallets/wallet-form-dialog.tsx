"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { createWalletInput, updateWalletInput, WALLET_TYPES } from "@/server/routers/wallets/schemas";
import { IconField } from "../entity-icons";
import { formValue, TextField } from "../form-fields";
import { CheckboxField, ColorField, DEFAULT_ACCENT, NamedOptions, SelectField, TextAreaField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { useCreateOrUpdate, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { useWorkspaceToday } from "../workspace-today";
import { AccountRowsFieldset, readAccountRows, type AccountRow } from "./account-rows";
import type { Wallet } from "./wallet-types";

const WALLET_FIELDS = [
  "name",
  "type",
  "group_id",
  "icon",
  "accent_color",
  "notes",
  "include_net_worth",
  "order",
  "accounts",
] as const;

/** Create a wallet (with its currency accounts), or edit one (`wallet` given). */
export function WalletFormDialog({ open, wallet, onClose, onSaved }: { wallet?: Wallet } & SaveDialogProps) {
  const t = useTranslations("wallets.form");
  return (
    <Modal
      open={open}
      title={wallet ? t("editTitle", { name: wallet.attributes.name }) : t("newTitle")}
      onClose={onClose}
      className="modal-wide"
    >
      <WalletForm wallet={wallet} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function WalletForm({ wallet, onClose, onSaved }: { wallet?: Wallet } & SaveFormProps) {
  const t = useTranslations("wallets");
  const trpc = useTRPC();
  const today = useWorkspaceToday();
  const groups = useQuery(trpc.wallets.groups.queryOptions());
  const [rows, setRows] = useState<AccountRow[]>(() => [{ key: 0, currency: "EUR" }]);
  const accountFields = rows.flatMap((_, index) =>
    ["currency_code", "opening_balance", "opening_balance_date"].map((field) => `accounts.${index}.${field}`),
  );
  const form = useSchemaForm([...WALLET_FIELDS, ...accountFields]);
  const { create, update, saving } = useCreateOrUpdate(trpc.wallets, wallet !== undefined, { onSaved, onClose });
  const errors = form.errors(saving.error);
  const attributes = wallet?.attributes;

  const submit = (data: FormData) => {
    const common = {
      name: formValue(data, "name"),
      type: formValue(data, "type") as (typeof WALLET_TYPES)[number],
      group_id: formValue(data, "group_id") || null,
      icon: formValue(data, "icon"),
      accent_color: formValue(data, "accent_color") || null,
      notes: formValue(data, "notes"),
      include_net_worth: data.get("include_net_worth") === "on",
    };
    if (wallet) {
      const input = { ...common, id: wallet.id, order: Number(formValue(data, "order") || "0") };
      if (form.validate(updateWalletInput, input)) update.mutate(input);
    } else {
      const input = { ...common, accounts: readAccountRows(data, rows) };
      const accepted = form.accept(createWalletInput, input, ["accounts.*.opening_balance"]);
      if (accepted) create.mutate(accepted);
    }
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={wallet ? t("form.save") : t("form.create")}
      pending={saving.isPending}
      onCancel={onClose}
    >
      <div className="manage-grid">
        <TextField
          label={t("form.name")}
          name="name"
          required
          maxLength={100}
          defaultValue={attributes?.name}
          autoComplete="off"
          error={errors.fields.name}
        />
        <SelectField
          label={t("form.type")}
          name="type"
          defaultValue={attributes?.type ?? "bank"}
          error={errors.fields.type}
        >
          {WALLET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t("type", { type })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("form.group")}
          name="group_id"
          defaultValue={attributes?.group_id ?? ""}
          error={errors.fields.group_id}
        >
          <option value="">{t("form.noGroup")}</option>
          <NamedOptions items={groups.data ?? []} />
        </SelectField>
        <ColorField
          label={t("form.accentColour")}
          name="accent_color"
          defaultValue={attributes?.accent_color ?? DEFAULT_ACCENT}
          error={errors.fields.accent_color}
        />
        {wallet ? (
          <TextField
            label={t("form.order")}
            name="order"
            type="number"
            min={0}
            defaultValue={attributes?.order ?? 0}
            hint={t("form.orderHint")}
            error={errors.fields.order}
          />
        ) : null}
      </div>
      <IconField label={t("form.icon")} name="icon" defaultValue={attributes?.icon} error={errors.fields.icon} />
      <TextAreaField
        label={t("form.notes")}
        name="notes"
        maxLength={2000}
        defaultValue={attributes?.notes ?? ""}
        error={errors.fields.notes}
      />
      <CheckboxField
        label={t("form.includeNetWorth")}
        name="include_net_worth"
        defaultChecked={attributes?.include_net_worth ?? true}
        error={errors.fields.include_net_worth}
      />
      {wallet ? null : <AccountRowsFieldset rows={rows} setRows={setRows} today={today} errors={errors.fields} />}
    </DialogForm>
  );
}
