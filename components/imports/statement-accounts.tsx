"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { plural } from "../format";
import { ErrorNotice } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import type { ImportJob } from "./import-types";

type Statement = ImportJob["attributes"]["statements"][number];

/** The select's value for "leave this statement out". */
const LEAVE_OUT = "";

const MATCHED_BY: Record<NonNullable<Statement["matched_by"]>, string> = {
  import_account: "the import's account",
  identifier: "its IBAN or number",
  account_map: "your choice",
  other_account: "your choice",
};

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
  const trpc = useTRPC();
  const accounts = useQuery(trpc.imports.accounts.queryOptions());
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const valueOf = (statement: Statement) => chosen[statement.account] ?? statement.account_id ?? LEAVE_OUT;
  const changed = statements.some((statement) => valueOf(statement) !== (statement.account_id ?? LEAVE_OUT));
  const nameOf = (id: string | null) =>
    id === null ? null : (accounts.data?.find((account) => account.id === id)?.name ?? null);

  return (
    <section className="stack" aria-labelledby="statement-accounts-title">
      <h3 id="statement-accounts-title">Accounts in this file</h3>
      <p className="muted small">
        The file holds statements of {statements.length} accounts. Each statement&rsquo;s transactions go to the account
        chosen for it; a statement left out is not imported.
      </p>
      {editable && statements.every((statement) => statement.account_id === null) ? (
        <p className="notice notice-info">
          None of these statements names an account of yours by its IBAN or number: choose the account for each, then
          read the file with them.
        </p>
      ) : null}
      <ErrorNotice error={accounts.error} />
      <table className="card-table" aria-label="Statements in the file">
        <thead>
          <tr>
            <th scope="col">Statement of</th>
            <th scope="col">Transactions</th>
            <th scope="col">Goes to</th>
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <tr key={statement.account}>
              <td data-label="Statement of">
                {statement.account}
                {statement.account_name ? <span className="muted"> · {statement.account_name}</span> : null}
              </td>
              <td className="numeric" data-label="Transactions">
                {statement.transaction_count}
              </td>
              <td data-label="Goes to">
                {editable ? (
                  <select
                    aria-label={`Account for ${statement.account}`}
                    value={valueOf(statement)}
                    disabled={applying || !accounts.data}
                    onChange={(event) => setChosen({ ...chosen, [statement.account]: event.target.value })}
                  >
                    <option value={LEAVE_OUT}>Leave out</option>
                    {(accounts.data ?? []).map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.name} ({account.currency_code})
                      </option>
                    ))}
                  </select>
                ) : (
                  (nameOf(statement.account_id) ?? (statement.account_id ? "another account" : "left out"))
                )}
                {statement.matched_by && !changed ? (
                  <span className="muted small"> by {MATCHED_BY[statement.matched_by]}</span>
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
            {applying ? "Reading…" : "Read with these accounts"}
          </button>
          <span className="muted small">
            {plural(
              statements.filter((statement) => valueOf(statement) !== LEAVE_OUT).length,
              "statement",
              "statements",
            )}{" "}
            to import
          </span>
        </div>
      ) : null}
    </section>
  );
}
