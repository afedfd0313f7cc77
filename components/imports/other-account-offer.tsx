"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "../form-fields";
import { useTRPC } from "../trpc-provider";
import { UploadError } from "./upload-statement";

/** The account a refused upload's statement names, when the refusal is "not this account's" (the service's words). */
export function otherAccountOf(error: unknown): string | null {
  if (!(error instanceof UploadError) || error.code !== "VALIDATION_FAILED") return null;
  return /the file is a statement of account (\S+), which is not this account's/.exec(error.message)?.[1] ?? null;
}

/** An IBAN starts with a country code and two check digits; anything else is an account number. */
const looksLikeIban = (identifier: string) => /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/i.test(identifier.replace(/\s/g, ""));

/**
 * A statement of another account than the chosen one: "This file belongs to this account" uploads it
 * anyway (parse_options.accept_other_account), and can first store the file's IBAN or number on the
 * account so that its next statements are recognised.
 */
export function OtherAccountOffer({
  identifier,
  accountId,
  accountName,
  busy,
  onAccept,
}: {
  identifier: string;
  accountId: string;
  accountName: string;
  busy: boolean;
  onAccept: (stored: boolean) => void;
}) {
  const t = useTranslations("imports.otherAccount");
  const trpc = useTRPC();
  const [store, setStore] = useState(true);
  const update = useMutation(trpc.accounts.update.mutationOptions({ onSuccess: () => onAccept(true) }));
  const iban = looksLikeIban(identifier);

  const accept = () => {
    if (!store) return onAccept(false);
    update.mutate(iban ? { id: accountId, iban: identifier } : { id: accountId, account_number: identifier });
  };

  return (
    <section className="notice notice-info stack" aria-label={t("label")}>
      <p>{t("explanation", { identifier, accountName })}</p>
      <label className="checkbox">
        <input type="checkbox" checked={store} onChange={(event) => setStore(event.target.checked)} />
        {t("store", { identifier, accountName, kind: iban ? "iban" : "number" })}
      </label>
      <FormAlert message={update.error?.message} />
      <div>
        <button type="button" className="button button-primary" disabled={busy || update.isPending} onClick={accept}>
          {t("accept", { accountName })}
        </button>
      </div>
    </section>
  );
}
