import { Link } from 'react-router-dom';
import { Card } from 'shared';
import type { NextStep } from '../lib/next-steps';

/**
 * The checklist: every step a link; a done one says so in words, not only by its look. `settled`:
 * every step is known (a step whose data is loading or failed is left out, and is not done).
 */
export function NextStepsCard({ steps, settled = true }: { steps: NextStep[]; settled?: boolean }) {
  const left = steps.filter((step) => !step.done).length;
  return (
    <Card as="section" className="overview-card overview-card--wide" aria-labelledby="overview-steps-title">
      <h2 id="overview-steps-title" className="overview-card__title">
        Что сделать дальше
      </h2>
      {left === 0 && settled && <p className="overview-card__meta">Всё готово: кабинет настроен.</p>}
      <ol className="overview-steps">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'overview-steps__item overview-steps__item--done' : 'overview-steps__item'}>
            <span className="overview-steps__mark" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>
            <Link to={step.to}>{step.label}</Link>
            {step.done && <span className="overview-steps__state">Выполнено</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
