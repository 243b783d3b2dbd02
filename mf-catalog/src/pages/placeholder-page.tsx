import { PageHeader } from 'shared';

/** Stands in for a page that a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="placeholder-page">
      <PageHeader title={title} />
      <p>Раздел в разработке: скоро здесь появится содержимое.</p>
    </section>
  );
}
