import { INFO_PAGES } from '../features/info/lib/info-pages';
import { InfoPage, TableOfContents } from '../features/info/components/info-page';
import { PrivacyPolicyPartOne } from '../features/info/components/privacy-policy-part-one';
import { PrivacyPolicyPartTwo } from '../features/info/components/privacy-policy-part-two';
import { PRIVACY_SECTIONS } from '../features/info/components/privacy-policy-sections';

/** `/privacy-policy`: the operator's policy under 152-ФЗ; bracketed fields await the operator's details. */
export function Component() {
  return (
    <InfoPage {...INFO_PAGES['privacy-policy']}>
      <TableOfContents items={PRIVACY_SECTIONS} />
      <article className="prose" aria-label="Текст политики">
        <PrivacyPolicyPartOne />
        <PrivacyPolicyPartTwo />
      </article>
    </InfoPage>
  );
}
