"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SelectField } from "../manage-fields";
import { walletRoles, type Direction } from "./template-types";

type Role = "source" | "target";

export interface RoleField {
  name: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

/**
 * The selects a template's direction asks for, each of a `noun` ("wallet", "account"): where the
 * money leaves ("Paid from wallet", "From account") and where it arrives; `options` in each.
 */
export function RoleSelects({
  direction,
  noun,
  fields,
  options,
}: {
  direction: Direction;
  noun: "wallet" | "account";
  fields: Record<Role, RoleField>;
  options: ReactNode;
}) {
  const t = useTranslations("templates.roles");
  const roles = walletRoles(direction);
  const kind = direction === "transfer" ? "transfer" : "booking";
  return (["source", "target"] as const)
    .filter((role) => roles[role])
    .map((role) => (
      <SelectField
        key={role}
        label={t(`${noun}.${kind}.${role}`)}
        name={fields[role].name}
        value={fields[role].value}
        onChange={(event) => fields[role].onChange(event.target.value)}
        error={fields[role].error}
      >
        {options}
      </SelectField>
    ));
}
