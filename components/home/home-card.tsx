import Link from "next/link";
import type { ReactNode } from "react";
import { QueryState } from "../page-parts";

/** A section of the home page: a card with a heading, a link to the page behind it and its state while loading. */
export function HomeCard({
  id,
  title,
  more,
  className,
  query,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  className?: string;
  query: { isPending: boolean; error: unknown };
  children: ReactNode;
}) {
  return (
    <section
      className={`card home-card${className ? ` ${className}` : ""}`}
      aria-labelledby={`${id}-heading`}
      data-testid={id}
    >
      <header className="home-card-header">
        <h2 id={`${id}-heading`}>{title}</h2>
        {more ? <Link href={more.href}>{more.label}</Link> : null}
      </header>
      <QueryState query={query} />
      {query.isPending || query.error ? null : children}
    </section>
  );
}
