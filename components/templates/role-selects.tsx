"use client";

import type { ReactNode } from "react";
import { SelectField } from "../manage-fields";
import { walletRoles, type Direction } from "./template-types";

type Role = "source" | "target";

const ROLE_WORDS: Record<"transfer" | "booking", Record<Role, string>> = {
  transfer: { source: "From", target: "To" },
  booking: { source: "Paid from", target: "Received in" },
};

export interface RoleField {
  name: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

/**
 * The selects a template's direction asks for, each a `noun` ("wallet", "account"): where the
 * money leaves ("Paid from wallet", "From account") and where it arrives; `options` in each.
 */
export function RoleSelects({
  direction,
  noun,
  fields,
  options,
}: {
  direction: Direction;
  noun: string;
  fields: Record<Role, RoleField>;
  options: ReactNode;
}) {
  const roles = walletRoles(direction);
  const words = ROLE_WORDS[direction === "transfer" ? "transfer" : "booking"];
  return (["source", "target"] as const)
    .filter((role) => roles[role])
    .map((role) => (
      <SelectField
        key={role}
        label={`${words[role]} ${noun}`}
        name={fields[role].name}
        value={fields[role].value}
        onChange={(event) => fields[role].onChange(event.target.value)}
        error={fields[role].error}
      >
        {options}
      </SelectField>
    ));
}
