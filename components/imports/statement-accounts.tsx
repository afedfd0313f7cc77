"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorNotice } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import type { ImportJob } from "./import-types";

type Statement = ImportJob["attributes"]["statements"][number];

/** The select's value for "leave this statement out". */
const LEAVE_OUT = "";

/**
 * A file of several accounts: each statement with the account its rows go to, a picker per
 * statement while the import is not confirmed, and "Read with these accounts" to read the file again
 * with that choice (parse_options.account_map).
 */
export function StatementAccounts({
  statements,
  editable,
  applying,
  onApply,
}: {
  statements: Statement[];
  editable: boolean;
  applying: boolean;
  onApply: (accountMap: Record<string, string | null>) => void;
}) {
  const t = useTranslations("imports.statements");
  const trpc = useTRPC();
  const accounts = useQuery(trpc.imports.accounts.queryOptions());
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const valueOf = (statement: Statement) => chosen[statement.account] ?? statement.account_id ?? LEAVE_OUT;
  const changed = statements.some((statement) => valueOf(statement) !== (statement.account_id ?? LEAVE_OUT));
  const nameOf = (id: string | null) =>
    id === null ? null : (accounts.data?.find((account) => account.id === id)?.name ?? null);
  const toImport = statements.filter((statement) => valueOf(statement) !== LEAVE_OUT).length;

  return (
    <section className="stack" aria-labelledby="statement-accounts-title">
      <h3 id="statement-accounts-title">{t("title")}</h3>
      <p className="muted small">{t("intro", { count: String(statements.length) })}</p>
      {editable && statements.every((statement) => statement.account_id === null) ? (
        <p className="notice notice-info">{t("noneMatched")}</p>
      ) : null}
      <ErrorNotice error={accounts.error} />
      <table className="card-table" aria-label={t("label")}>
        <thead>
          <tr>
            <th scope="col">{t("statementOf")}</th>
            <th scope="col">{t("transactions")}</th>
            <th scope="col">{t("goesTo")}</th>
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <tr key={statement.account}>
              <td data-label={t("statementOf")}>
                {statement.account}
                {statement.account_name ? <span className="muted"> · {statement.account_name}</span> : null}
              </td>
              <td className="numeric" data-label={t("transactions")}>
                {statement.transaction_count}
              </td>
              <td data-label={t("goesTo")}>
                {editable ? (
                  <select
                    aria-label={t("accountFor", { account: statement.account })}
                    value={valueOf(statement)}
                    disabled={applying || !accounts.data}
                    onChange={(event) => setChosen({ ...chosen, [statement.account]: event.target.value })}
                  >
                    <option value={LEAVE_OUT}>{t("leaveOut")}</option>
                    {(accounts.data ?? []).map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.name} ({account.currency_code})
                      </option>
                    ))}
                  </select>
                ) : (
                  (nameOf(statement.account_id) ?? (statement.account_id ? t("anotherAccount") : t("leftOut")))
                )}
                {statement.matched_by && !changed ? (
                  <span className="muted small"> {t("matchedBy", { by: statement.matched_by })}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editable ? (
        <div className="confirm-bar">
          <button
            type="button"
            className="button"
            disabled={!changed || applying}
            onClick={() =>
              onApply(
                Object.fromEntries(
                  statements.map((statement) => {
                    const value = valueOf(statement);
                    return [statement.account, value === LEAVE_OUT ? null : value];
                  }),
                ),
              )
            }
          >
            {applying ? t("reading") : t("apply")}
          </button>
          <span className="muted small">{t("toImport", { count: toImport, shown: String(toImport) })}</span>
        </div>
      ) : null}
    </section>
  );
}
