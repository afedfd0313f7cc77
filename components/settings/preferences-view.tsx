"use client";

import { useTranslations } from "next-intl";
import { PageHeading } from "../page-parts";
import { ThemeToggle } from "../theme-toggle";
import { LocaleSetting } from "./locale-setting";
import { WorkspaceSettings } from "./workspace-settings";

/** The workspace's settings (everyone's), then how the dashboard looks in this browser: language and formats, colour theme. */
export function PreferencesView() {
  const t = useTranslations("settings.preferences");
  return (
    <>
      <PageHeading title={t("title")} description={t("description")} />
      <section className="card settings-section" aria-labelledby="workspace-heading">
        <h2 id="workspace-heading">{t("workspace.heading")}</h2>
        <p className="muted">{t("workspace.intro")}</p>
        <WorkspaceSettings />
      </section>
      <section className="card settings-section" aria-labelledby="formats-heading">
        <h2 id="formats-heading">{t("formats.heading")}</h2>
        <p className="muted">{t("formats.intro")}</p>
        <LocaleSetting />
      </section>
      <section className="card settings-section" aria-labelledby="theme-heading">
        <h2 id="theme-heading">{t("appearance.heading")}</h2>
        <p className="muted">{t("appearance.intro")}</p>
        <ThemeToggle />
      </section>
    </>
  );
}
