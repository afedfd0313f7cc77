/**
 * Every word the dashboard shows, per language: one JSON file per namespace (messages/<language>/<namespace>.json,
 * ICU message syntax). English is the source; each other language has exactly its keys and placeholders
 * (components/locale/messages.test.ts). Numbers, money and dates are never written here: they arrive as
 * arguments already formatted in the user's locale (components/locale/formatter.ts).
 */
import type { MessageLanguage } from "@/components/locale/locales";
import en_common from "./en/common.json";
import en_pages from "./en/pages.json";
import en_auth from "./en/auth.json";
import en_transactions from "./en/transactions.json";
import en_imports from "./en/imports.json";
import en_reports from "./en/reports.json";
import en_home from "./en/home.json";
import en_wallets from "./en/wallets.json";
import en_budgets from "./en/budgets.json";
import en_goals from "./en/goals.json";
import en_planning from "./en/planning.json";
import en_rules from "./en/rules.json";
import en_categories from "./en/categories.json";
import en_recurring from "./en/recurring.json";
import en_templates from "./en/templates.json";
import en_tokens from "./en/tokens.json";
import en_members from "./en/members.json";
import en_security from "./en/security.json";
import en_settings from "./en/settings.json";
import en_webhooks from "./en/webhooks.json";
import en_errors from "./en/errors.json";
import de_common from "./de/common.json";
import de_pages from "./de/pages.json";
import de_auth from "./de/auth.json";
import de_transactions from "./de/transactions.json";
import de_imports from "./de/imports.json";
import de_reports from "./de/reports.json";
import de_home from "./de/home.json";
import de_wallets from "./de/wallets.json";
import de_budgets from "./de/budgets.json";
import de_goals from "./de/goals.json";
import de_planning from "./de/planning.json";
import de_rules from "./de/rules.json";
import de_categories from "./de/categories.json";
import de_recurring from "./de/recurring.json";
import de_templates from "./de/templates.json";
import de_tokens from "./de/tokens.json";
import de_members from "./de/members.json";
import de_security from "./de/security.json";
import de_settings from "./de/settings.json";
import de_webhooks from "./de/webhooks.json";
import de_errors from "./de/errors.json";

const en = {
  common: en_common,
  pages: en_pages,
  auth: en_auth,
  transactions: en_transactions,
  imports: en_imports,
  reports: en_reports,
  home: en_home,
  wallets: en_wallets,
  budgets: en_budgets,
  goals: en_goals,
  planning: en_planning,
  rules: en_rules,
  categories: en_categories,
  recurring: en_recurring,
  templates: en_templates,
  tokens: en_tokens,
  members: en_members,
  security: en_security,
  settings: en_settings,
  webhooks: en_webhooks,
  errors: en_errors,
};

/** The shape every language has: the English catalogue's (next-intl checks keys against it at compile time). */
export type Messages = typeof en;

const de: Messages = {
  common: de_common as Messages["common"],
  pages: de_pages as Messages["pages"],
  auth: de_auth as Messages["auth"],
  transactions: de_transactions as Messages["transactions"],
  imports: de_imports as Messages["imports"],
  reports: de_reports as Messages["reports"],
  home: de_home as Messages["home"],
  wallets: de_wallets as Messages["wallets"],
  budgets: de_budgets as Messages["budgets"],
  goals: de_goals as Messages["goals"],
  planning: de_planning as Messages["planning"],
  rules: de_rules as Messages["rules"],
  categories: de_categories as Messages["categories"],
  recurring: de_recurring as Messages["recurring"],
  templates: de_templates as Messages["templates"],
  tokens: de_tokens as Messages["tokens"],
  members: de_members as Messages["members"],
  security: de_security as Messages["security"],
  settings: de_settings as Messages["settings"],
  webhooks: de_webhooks as Messages["webhooks"],
  errors: de_errors as Messages["errors"],
};

/** Each language's catalogue (server side: a page receives only its own language's). */
export const MESSAGE_LANGUAGES: Record<MessageLanguage, Messages> = { en, de };
