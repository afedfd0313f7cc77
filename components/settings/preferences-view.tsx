"use client";

import { PageHeading } from "../page-parts";
import { ThemeToggle } from "../theme-toggle";
import { LocaleSetting } from "./locale-setting";
import { WorkspaceSettings } from "./workspace-settings";

/** The workspace's settings (everyone's), then how the dashboard looks in this browser: language and formats, colour theme. */
export function PreferencesView() {
  return (
    <>
      <PageHeading
        title="Settings"
        description="Your workspace's home currency and time zone, and how the dashboard looks in this browser."
      />
      <section className="card settings-section" aria-labelledby="workspace-heading">
        <h2 id="workspace-heading">Workspace</h2>
        <p className="muted">For everyone in the workspace, on the dashboard and over the API.</p>
        <WorkspaceSettings />
      </section>
      <section className="card settings-section" aria-labelledby="formats-heading">
        <h2 id="formats-heading">Language and formats</h2>
        <p className="muted">In this browser only; the workspace&apos;s data and the API are not affected.</p>
        <LocaleSetting />
      </section>
      <section className="card settings-section" aria-labelledby="theme-heading">
        <h2 id="theme-heading">Appearance</h2>
        <p className="muted">
          System follows your device&apos;s light or dark setting; the choice is also in the account menu (the round
          button at the header's end) on every page.
        </p>
        <ThemeToggle />
      </section>
    </>
  );
}
