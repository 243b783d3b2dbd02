import type { ReactNode } from 'react';
import { getRuntimeConfig, PageHeader, type OperatorField } from 'shared';
import '../../../components/details.css';
import './info.css';

export interface InfoPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** A text page: the h1 and its lead, then the content in readable measure. */
export function InfoPage({ title, lead, children }: InfoPageProps) {
  return (
    <div className="info-page">
      <PageHeader title={title} description={lead} />
      {children}
    </div>
  );
}

export interface TocItem {
  id: string;
  title: string;
}

/** The contents of a long page, as links to its sections. */
export function TableOfContents({ items }: { items: readonly TocItem[] }) {
  return (
    <nav className="info-toc" aria-labelledby="info-toc-title">
      <h2 id="info-toc-title">Содержание</h2>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A detail the operator must fill in (company data, addresses), marked so it cannot be missed. */
export function Placeholder({ children }: { children: string }) {
  return <span className="placeholder">[{children}]</span>;
}

/**
 * One of the operator's details as the deployment sets it (`OPERATOR_*`, the runtime
 * configuration): a phone or an address to write to is a link. Until it is set, a placeholder.
 */
export function OperatorDetail({ field, children }: { field: OperatorField; children: string }) {
  const value = getRuntimeConfig().operator?.[field];
  if (!value) return <Placeholder>{children}</Placeholder>;
  if (field === 'phone') return <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>;
  if (field === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  return <>{value}</>;
}
