"use client";

import { PageHeading } from "../page-parts";
import { ThemeToggle } from "../theme-toggle";
import { LocaleSetting } from "./locale-setting";

/** How the dashboard looks for you in this browser: language and formats, colour theme. */
export function PreferencesView() {
  return (
    <>
      <PageHeading
        title="Settings"
        description="How the dashboard looks in this browser. Your workspace's data and the API are not affected."
      />
      <section className="card settings-section" aria-labelledby="formats-heading">
        <h2 id="formats-heading">Language and formats</h2>
        <LocaleSetting />
      </section>
      <section className="card settings-section" aria-labelledby="theme-heading">
        <h2 id="theme-heading">Appearance</h2>
        <p className="muted">
          System follows your device&apos;s light or dark setting; the choice is also in the header on every page.
        </p>
        <ThemeToggle />
      </section>
    </>
  );
}
