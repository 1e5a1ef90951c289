import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** A screen: its h1 names it, takes focus when the screen opens, and titles the tab. */
export function Page({ title, lead, children }: { title: string; lead?: ComponentChildren; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · flagadmin`;
    heading.current?.focus();
  }, [title]);
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {lead ? <p class="lead">{lead}</p> : null}
      {children}
    </>
  );
}

export function Breadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" class="breadcrumbs">
      <ol>
        {items.map((item) => (
          <li key={item.label}>{item.href ? <a href={item.href}>{item.label}</a> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
