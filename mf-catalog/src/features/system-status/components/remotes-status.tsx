import type { RemoteName } from 'shared';
import { useRemoteManifests } from '../api/get-remote-manifest';
import { useRemoteLoadState, type RemoteLoadState } from '../lib/federation-state';
import { StatusBadge, type StatusTone } from './status-badge';
import './system-status.css';

const REMOTE_TITLES: Record<RemoteName, string> = {
  mf_catalog: 'Каталог и публичные страницы',
  mf_applications: 'Заявки в личном кабинете',
  mf_cabinet: 'Личный кабинет',
  mf_messaging: 'Сообщения',
};

const LOAD_STATES: Record<RemoteLoadState, [StatusTone, string]> = {
  loaded: ['ok', 'загружен'],
  'not-loaded': ['neutral', 'ещё не загружался'],
  unknown: ['neutral', 'нет данных'],
};

export interface RemotesStatusProps {
  remotes: Record<RemoteName, string>;
  /** This remote: it is in the page, whatever the runtime says. */
  current: RemoteName;
}

function LoadBadge({ name, current }: { name: RemoteName; current: RemoteName }) {
  const state = useRemoteLoadState(name);
  const [tone, text] = LOAD_STATES[name === current ? 'loaded' : state];
  return <StatusBadge tone={tone}>{text}</StatusBadge>;
}

/** Reads the load state on every render: «check again» re-renders it. */
export function RemotesStatus({ remotes, current }: RemotesStatusProps) {
  const entries = Object.entries(remotes) as [RemoteName, string][];
  const results = useRemoteManifests(entries);

  return (
    <section className="status-card status-card--wide" aria-labelledby="status-remotes-title">
      <h2 id="status-remotes-title">Разделы приложения</h2>
      <ul className="status-remotes">
        {entries.map(([name, origin], index) => {
          const result = results[index];
          const headingId = `status-remote-${name}`;
          return (
            <li key={name} className="status-remote">
              <h3 id={headingId} className="status-remote__title">
                {REMOTE_TITLES[name]}
              </h3>
              <dl className="facts">
                <div>
                  <dt>Модуль</dt>
                  <dd className="status-card__code">{name}</dd>
                </div>
                <div>
                  <dt>Адрес</dt>
                  <dd className="status-card__code">{origin}</dd>
                </div>
                <div>
                  <dt>Доступность</dt>
                  <dd>
                    {!result || result.isPending ? (
                      <StatusBadge tone="pending">проверяем…</StatusBadge>
                    ) : result.isError ? (
                      <StatusBadge tone="fail">недоступен</StatusBadge>
                    ) : (
                      <StatusBadge tone="ok">доступен</StatusBadge>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>Версия сборки</dt>
                  <dd>{result?.data?.version ?? 'нет данных'}</dd>
                </div>
                <div>
                  <dt>На этой странице</dt>
                  <dd>
                    <LoadBadge name={name} current={current} />
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
