"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormAlert, FormSuccess, formValue, TextField } from "../form-fields";
import { SelectField } from "../manage-fields";
import { formErrorsOf } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";

const FIELDS = ["name", "home_currency", "timezone"] as const;

/** The time zones this browser knows, with the workspace's own even if it does not. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * The workspace's name, home currency and time zone: the owner changes them (every figure follows
 * on its next read); a member sees them.
 */
export function WorkspaceSettings() {
  const t = useTranslations("settings.workspace");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.auth.currentSession.queryOptions());
  const currencies = useQuery(trpc.wallets.currencies.queryOptions());
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.workspace.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        // Totals, reports and net worth are all in the home currency: read everything again.
        await queryClient.invalidateQueries();
      },
    }),
  );
  const workspace = current.data?.data.attributes.workspace;
  if (!workspace) return <p className="muted">{t("loading")}</p>;
  const owner = workspace.role === "owner";
  const errors = formErrorsOf(update.error, FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaved(false);
    update.mutate({
      name: formValue(form, "name").trim(),
      home_currency: formValue(form, "home_currency"),
      timezone: formValue(form, "timezone"),
    });
  };

  return (
    <form
      onSubmit={submit}
      className="stack"
      key={`${workspace.name}|${workspace.home_currency.code}|${workspace.timezone}`}
    >
      <FormAlert message={errors.form} />
      {saved ? <FormSuccess>{t("saved", { currency: workspace.home_currency.code })}</FormSuccess> : null}
      <TextField
        label={t("name")}
        name="name"
        defaultValue={workspace.name}
        maxLength={100}
        required
        disabled={!owner}
        error={errors.fields.name}
      />
      <SelectField
        label={t("homeCurrency")}
        name="home_currency"
        defaultValue={workspace.home_currency.code}
        disabled={!owner}
        error={errors.fields.home_currency}
        hint={t("homeCurrencyHint")}
      >
        {(currencies.data ?? [{ code: workspace.home_currency.code, name: workspace.home_currency.code }]).map(
          (currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} · {currency.name}
            </option>
          ),
        )}
      </SelectField>
      <SelectField
        label={t("timezone")}
        name="timezone"
        defaultValue={workspace.timezone}
        disabled={!owner}
        error={errors.fields.timezone}
        hint={t("timezoneHint")}
      >
        {timeZones(workspace.timezone).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      {owner ? (
        <div>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? t("saving") : t("save")}
          </button>
        </div>
      ) : (
        <p className="muted">{t("ownerOnly")}</p>
      )}
    </form>
  );
}
