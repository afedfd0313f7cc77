import type { Metadata } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { THEME_COOKIE, themeOf } from "@/components/theme";
import "./globals.css";
import "./styles/forms.css";
import "./styles/tables-dialogs.css";
import "./styles/planning.css";
import "./styles/wallets.css";
import "./styles/imports.css";
import "./styles/reports.css";
import "./styles/mcp-setup.css";
import "./styles/shell.css";
import "./styles/phone.css";
import "./styles/polish.css";
import "./styles/api-reference.css";
import "./styles/transactions.css";
import "./styles/transactions-phone.css";
import "./styles/month-to-date.css";
import "./styles/webhooks.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.site");
  return {
    title: { default: t("name"), template: t("titleTemplate", { page: "%s" }) },
    description: t("description"),
    icons: { icon: "/favicon.svg" },
  };
}

// Rendered per request, never prerendered: each page's scripts carry that response's CSP nonce (proxy.ts).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // A chosen theme is set here, in the HTML, so the page never paints in the other one first.
  const theme = themeOf((await cookies()).get(THEME_COOKIE)?.value);
  // The language the words are in (components/locale/i18n-request.ts): "de-DE", "en-GB", "en" for a French locale.
  const [lang, t] = await Promise.all([getLocale(), getTranslations("pages.site")]);
  return (
    <html lang={lang} data-theme={theme === "system" ? undefined : theme}>
      <body>
        <NextIntlClientProvider>
          <a href="#main" className="skip-link">
            {t("skipToContent")}
          </a>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
