"use client";

import { useState } from "react";
import type { z } from "zod";
import { useLocale } from "../locale/locale-provider";
import { serverFormErrors, zodFieldErrors, type FieldErrors } from "./form-errors";

type StringField<Values> = { [Field in keyof Values]: Values[Field] extends string ? Field : never }[keyof Values];

/**
 * A planning dialog's form: its values, checked in the browser with the procedure's own zod schema,
 * and the save mutation's refusal shown next to the same fields (the browser's findings win).
 * The `amounts` fields are shown and typed in the user's locale and sent as canonical decimals.
 */
export function usePlanningForm<Values extends object>(
  fieldNames: readonly string[],
  initial: () => Values,
  mutation: { error: unknown; reset: () => void },
  amounts: ReadonlyArray<StringField<Values>> = [],
) {
  const { format, readAmounts } = useLocale();
  const [values, setValues] = useState<Values>(() => {
    const start = initial();
    return amounts.reduce<Values>(
      (current, field) => ({ ...current, [field]: format.amountInput(current[field] as string) }),
      start,
    );
  });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const server = serverFormErrors(mutation.error, fieldNames);
  const errors: FieldErrors = { ...server.fields, ...clientErrors };
  const setValue = <Field extends keyof Values>(field: Field, value: Values[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));

  return {
    values,
    setValue,
    errors,
    /** The props that tie a text field or select to the string `field`: its name, value, onChange and error. */
    field: (field: StringField<Values>) => ({
      name: String(field),
      value: values[field] as string,
      onChange: (event: { target: { value: string } }) => setValue(field, event.target.value as Values[typeof field]),
      error: errors[String(field)],
    }),
    /** The server's refusal that names no field of the form. */
    formError: server.form,
    /**
     * The input as `schema` parses it, or null when it or the extra `problems` check fails; the
     * findings are shown next to their fields and the server's last answer is forgotten.
     */
    parse<Schema extends z.ZodType>(
      schema: Schema,
      input: unknown,
      problems?: (data: z.output<Schema>) => FieldErrors,
    ): z.output<Schema> | null {
      mutation.reset();
      const read = readAmounts(input, amounts.map(String));
      const parsed = schema.safeParse(read.value);
      const found = {
        ...(parsed.success ? (problems?.(parsed.data) ?? {}) : zodFieldErrors(parsed.error)),
        ...read.problems,
      };
      setClientErrors(found);
      return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
    },
  };
}
