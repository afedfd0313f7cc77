"use client";

import { useTranslations } from "next-intl";
import { TextField, type TextFieldProps } from "../form-fields";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/identity/password-rules";

/** The account fields of the sign-in, sign-up, password and e-mail forms, with what browsers and password managers read. */

type AccountFieldProps = Omit<TextFieldProps, "type" | "autoComplete" | "required">;

/** An e-mail address an account signs in with ("E-mail address", `email` unless told). */
export function EmailField({ label, name = "email", ...props }: Partial<AccountFieldProps>) {
  const t = useTranslations("auth.fields");
  return <TextField label={label ?? t("email")} name={name} type="email" autoComplete="email" required {...props} />;
}

/** The password the account has now. */
export function CurrentPasswordField(props: AccountFieldProps) {
  return <TextField type="password" autoComplete="current-password" required {...props} />;
}

/** A password being chosen: its least length checked, and said in its hint before anything `more` adds. */
export function NewPasswordField({
  more,
  ...props
}: Omit<AccountFieldProps, "hint" | "minLength"> & { more?: string }) {
  const t = useTranslations("auth.fields");
  const least = t("passwordHint", { count: MIN_PASSWORD_LENGTH });
  const hint = more ? `${least} ${more}` : least;
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      hint={hint}
      {...props}
    />
  );
}
