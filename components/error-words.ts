import { createTranslator } from "next-intl";
import deErrors from "@/messages/de/errors.json";
import enErrors from "@/messages/en/errors.json";
import { messageLanguage, type MessageLanguage } from "./locale/locales";

/**
 * The words of the dashboard's error messages, outside React: errorMessage() and formErrorsOf() are
 * called from event handlers and render code alike. An error is only ever shown in the browser,
 * after a request failed, so the language is the page's own (`<html lang>`, which the server set
 * from the same setting as every other word); on the server it is English.
 */

const CATALOGUES: Record<MessageLanguage, typeof enErrors> = { en: enErrors, de: deErrors };

export function pageLanguage(): MessageLanguage {
  return typeof document === "undefined" ? "en" : messageLanguage(document.documentElement.lang || "en");
}

export function errorWords(language: MessageLanguage = pageLanguage()) {
  return createTranslator({ locale: language, messages: { errors: CATALOGUES[language] }, namespace: "errors" });
}

export type ErrorWords = ReturnType<typeof errorWords>;
