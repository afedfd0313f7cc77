import type { Metadata } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
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

export const metadata: Metadata = {
  title: { default: "Personal Finance API", template: "%s · Personal Finance API" },
  description: "Workspace-scoped personal-finance data, reached with personal access tokens.",
  icons: { icon: "/favicon.svg" },
};

// Rendered per request, never prerendered: each page's scripts carry that response's CSP nonce (proxy.ts).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // A chosen theme is set here, in the HTML, so the page never paints in the other one first.
  const theme = themeOf((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme === "system" ? undefined : theme}>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
