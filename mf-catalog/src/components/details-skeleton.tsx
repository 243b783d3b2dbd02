import { LoadingHeading, Skeleton } from 'shared';
import './details.css';

export interface DetailsSkeletonProps {
  /** Announced while loading, e.g. «Загружаем исполнителя…». */
  label: string;
  /**
   * The page's generic heading («Заявка», «Исполнитель»…), its hidden h1 until the entity's own name
   * comes (QA NN-1), as QueryView's default skeleton has it.
   */
  title: string;
  /** The content's sections, top to bottom: the height of each one's body (a map of 280 px is `17.5rem`). */
  sections: readonly string[];
  /** Sections side by side on wide screens, as `details__body--split` lays out the content. */
  split?: boolean;
}

/**
 * A detail page while its entity loads: the header and each section at about their final height,
 * so the footer does not move when the content arrives.
 */
export function DetailsSkeleton({ label, title, sections, split = false }: DetailsSkeletonProps) {
  return (
    <div className="details" aria-busy="true">
      <LoadingHeading title={title} />
      <p role="status" className="ui-visually-hidden">
        {label}
      </p>
      <div className="details__header" aria-hidden="true">
        <Skeleton width="25%" height="1rem" />
        <Skeleton width="70%" height="2.25rem" />
      </div>
      <div className={split ? 'details__body details__body--split' : 'details__body'} aria-hidden="true">
        {sections.map((height, index) => (
          <div key={index} className="details__section">
            <Skeleton width="35%" height="1.5rem" />
            <Skeleton width="100%" height={height} shape="block" />
          </div>
        ))}
      </div>
    </div>
  );
}
