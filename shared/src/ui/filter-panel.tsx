import { useId, useState, type ReactNode } from 'react';
import { NoScriptStyle } from './no-script-style';

export interface FilterPanelProps {
  /** Filters in force, shown on the phone's toggle so a closed panel still tells what is applied. */
  activeCount: number;
  /**
   * Said without scripts when some filters need them (wrapped in `ScriptOnly`, hidden then): which
   * ones, e.g. «Город, услуги и заказчика можно выбрать только с включённым JavaScript.»
   */
  noScriptNote?: string;
  children: ReactNode;
}

/**
 * Without scripts the toggle opens nothing: the filters are shown open, their heading in its place;
 * a filter that needs scripts (suggestions from the API) is not shown as a field that does nothing.
 */
const WITHOUT_SCRIPTS =
  '.ui-filter-panel__toggle{display:none}.ui-filter-panel__body{display:grid}' +
  '.ui-filter-panel__title{position:static;width:auto;height:auto;margin:0;overflow:visible;clip:auto;white-space:normal}' +
  '.ui-script-only{display:none}';

/** A filter that works only with scripts: hidden without them (the panel's `noScriptNote` says so). */
export function ScriptOnly({ children }: { children: ReactNode }) {
  return <div className="ui-script-only">{children}</div>;
}

/** The filters of a list: a sidebar on wide screens, a panel behind a toggle on phones. */
export function FilterPanel({ activeCount, noScriptNote, children }: FilterPanelProps) {
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
        {noScriptNote && (
          <noscript>
            <p className="ui-filter-panel__note">{noScriptNote}</p>
          </noscript>
        )}
        {children}
      </div>
    </section>
  );
}
