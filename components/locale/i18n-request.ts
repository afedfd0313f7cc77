import { getRequestConfig } from "next-intl/server";
import { MESSAGE_LANGUAGES } from "@/messages/catalogue";
import { documentLanguage, messageLanguage } from "./locales";
import { requestLocale } from "./request-locale";

/**
 * next-intl's per-request configuration (next.config.ts points its plugin here): the words of the
 * request's language (cookie, else Accept-Language; components/locale/locales.ts). There is no
 * locale in the address: one URL per page, whoever reads it.
 */
export default getRequestConfig(async () => {
  const { locale } = await requestLocale();
  return {
    locale: documentLanguage(locale),
    messages: MESSAGE_LANGUAGES[messageLanguage(locale)],
  };
});
