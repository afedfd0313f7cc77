"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { addAccountInput, setOpeningBalanceInput } from "@/server/routers/wallets/schemas";
import { formValue, TextField } from "../form-fields";
import { useFormat } from "../locale/locale-provider";
import { AmountField, SelectField } from "../manage-fields";
import { DialogForm, Modal } from "../modal";
import { closeOnSave, type SaveDialogProps, type SaveFormProps } from "../save-dialog";
import { useSchemaForm } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { useWorkspaceToday } from "../workspace-today";
import type { WalletAccount } from "./wallet-types";

const ACCOUNT_FIELDS = ["currency_code", "opening_balance", "opening_balance_date"] as const;

/** Another currency for the wallet, with its opening balance. */
export function AddAccountDialog({
  walletId,
  heldCodes,
  open,
  onClose,
  onSaved,
}: { walletId: string; heldCodes: string[] } & SaveDialogProps) {
  const t = useTranslations("wallets.accountDialogs");
  return (
    <Modal open={open} title={t("addAccount")} onClose={onClose}>
      <AddAccountForm walletId={walletId} heldCodes={heldCodes} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function AddAccountForm({
  walletId,
  heldCodes,
  onClose,
  onSaved,
}: { walletId: string; heldCodes: string[] } & SaveFormProps) {
  const t = useTranslations("wallets.accountDialogs");
  const trpc = useTRPC();
  const today = useWorkspaceToday();
  const currencies = useQuery(trpc.wallets.currencies.queryOptions());
  const form = useSchemaForm(ACCOUNT_FIELDS);
  const add = useMutation(trpc.wallets.addAccount.mutationOptions(closeOnSave(onSaved, onClose)));
  const errors = form.errors(add.error);
  const available = (currencies.data ?? []).filter((currency) => !heldCodes.includes(currency.code));

  const submit = (data: FormData) => {
    const input = {
      wallet_id: walletId,
      currency_code: formValue(data, "currency_code"),
      opening_balance: formValue(data, "opening_balance").trim() || "0",
      opening_balance_date: formValue(data, "opening_balance_date"),
    };
    const accepted = form.accept(addAccountInput, input, ["opening_balance"]);
    if (accepted) add.mutate(accepted);
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={t("addAccount")}
      pending={add.isPending}
      onCancel={onClose}
    >
      <SelectField label={t("currency")} name="currency_code" error={errors.fields.currency_code}>
        {available.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.code} · {currency.name}
          </option>
        ))}
      </SelectField>
      <AmountField label={t("openingBalance")} name="opening_balance" error={errors.fields.opening_balance} />
      <TextField
        label={t("openingDate")}
        name="opening_balance_date"
        type="date"
        defaultValue={today}
        error={errors.fields.opening_balance_date}
      />
    </DialogForm>
  );
}

/** The balance an account held on a day; later transactions count from there. */
export function OpeningBalanceDialog({ account, onClose, onSaved }: { account: WalletAccount | null } & SaveFormProps) {
  const t = useTranslations("wallets.accountDialogs");
  return (
    <Modal
      open={account !== null}
      title={t("openingBalanceOf", { code: account?.currency.code ?? "" })}
      onClose={onClose}
    >
      {account ? <OpeningBalanceForm account={account} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function OpeningBalanceForm({ account, onClose, onSaved }: { account: WalletAccount } & SaveFormProps) {
  const t = useTranslations("wallets.accountDialogs");
  const trpc = useTRPC();
  const today = useWorkspaceToday();
  const form = useSchemaForm(ACCOUNT_FIELDS);
  const format = useFormat();
  const save = useMutation(trpc.wallets.setOpeningBalance.mutationOptions(closeOnSave(onSaved, onClose)));
  const errors = form.errors(save.error);

  const submit = (data: FormData) => {
    const input = {
      account_id: account.id,
      opening_balance: formValue(data, "opening_balance"),
      opening_balance_date: formValue(data, "opening_balance_date"),
    };
    const accepted = form.accept(setOpeningBalanceInput, input, ["opening_balance"]);
    if (accepted) save.mutate(accepted);
  };

  return (
    <DialogForm
      error={errors.form}
      onSubmit={submit}
      label={t("saveOpeningBalance")}
      pending={save.isPending}
      onCancel={onClose}
    >
      <p className="muted">{t("openingHint")}</p>
      <TextField
        label={t("openingBalanceOf", { code: account.currency.code })}
        name="opening_balance"
        inputMode="decimal"
        defaultValue={format.amountInput(account.opening_balance)}
        autoComplete="off"
        error={errors.fields.opening_balance}
      />
      <TextField
        label={t("openingDate")}
        name="opening_balance_date"
        type="date"
        defaultValue={account.opening_balance_date ?? today}
        error={errors.fields.opening_balance_date}
      />
    </DialogForm>
  );
}
