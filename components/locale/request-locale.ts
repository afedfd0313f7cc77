import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, resolveLocale, type LocaleSettings } from "./locales";

/** The locale settings of the request being rendered (server components only). */
export async function requestLocale(): Promise<LocaleSettings> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get("accept-language"));
}
