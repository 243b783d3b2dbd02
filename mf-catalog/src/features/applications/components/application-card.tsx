import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Card, formatApplicationPrice, useFromState, type Application } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import { ApplicationStatus } from './application-status';
import { ServiceTags } from './service-tags';
import './applications.css';

export interface ApplicationCardProps {
  application: Application;
  /** 2 under the page's h1, 3 inside a section with its own h2. */
  headingLevel?: 2 | 3;
}

export function ApplicationCard({ application, headingLevel = 2 }: ApplicationCardProps) {
  const headingId = useId();
  const fromState = useFromState();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  return (
    <Card as="article" className="application-card" aria-labelledby={headingId}>
      <div className="application-card__top">
        <ApplicationStatus application={application} />
        <span className="application-card__number">№ {application.number}</span>
      </div>
      <Heading id={headingId} className="application-card__title">
        {/* The list's URL travels along so the detail page can lead back to the same view. */}
        <Link to={`/application/${application.id}`} state={fromState}>
          {application.name}
        </Link>
      </Heading>
      <p className="application-card__price">{formatApplicationPrice(application.price)}</p>
      <dl className="application-card__facts">
        <div>
          <dt>Адрес</dt>
          <dd>{application.address.value || 'Не указан'}</dd>
        </div>
        <div>
          <dt>Срок</dt>
          <dd>{application.deadline ? `до ${formatPublicDate(application.deadline)}` : 'Не указан'}</dd>
        </div>
        <div>
          <dt>Заказчик</dt>
          <dd>{application.customer.name}</dd>
        </div>
      </dl>
      <ServiceTags services={application.services} />
    </Card>
  );
}
