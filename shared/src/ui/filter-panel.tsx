import { useId, useState, type ReactNode } from 'react';
import { NoScriptStyle } from './no-script-style';

export interface FilterPanelProps {
  /** Filters in force, shown on the phone's toggle so a closed panel still tells what is applied. */
  activeCount: number;
  children: ReactNode;
}

/** Without scripts the toggle opens nothing: the filters are shown open, their heading in its place. */
const WITHOUT_SCRIPTS =
  '.ui-filter-panel__toggle{display:none}.ui-filter-panel__body{display:grid}' +
  '.ui-filter-panel__title{position:static;width:auto;height:auto;margin:0;overflow:visible;clip:auto;white-space:normal}';

/** The filters of a list: a sidebar on wide screens, a panel behind a toggle on phones. */
export function FilterPanel({ activeCount, children }: FilterPanelProps) {
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);

  return (
    <section className={open ? 'ui-filter-panel ui-filter-panel--open' : 'ui-filter-panel'} aria-labelledby={titleId}>
      <div className="ui-filter-panel__head">
        <h2 id={titleId} className="ui-filter-panel__title">
          Фильтры
        </h2>
        <button
          type="button"
          className="ui-filter-panel__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Скрыть фильтры' : 'Показать фильтры'}
          {activeCount > 0 && <span className="ui-filter-panel__count"> · выбрано {activeCount}</span>}
        </button>
      </div>
      <NoScriptStyle css={WITHOUT_SCRIPTS} />
      <div id={bodyId} className="ui-filter-panel__body">
        {children}
      </div>
    </section>
  );
}
