import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getRuntimeConfig, PageHeader } from 'shared';
import { systemKeys } from '../features/system-status/api/get-health';
import { CheckAgainForm } from '../features/system-status/components/check-again-form';
import { ApiHealthCard } from '../features/system-status/components/api-health-card';
import { RemotesStatus } from '../features/system-status/components/remotes-status';
import { SocketStatusCard } from '../features/system-status/components/socket-status-card';
import '../components/catalog.css';
import '../features/system-status/components/system-status.css';

/** `/test`: the state of the API, of each remote and of the socket, for support and monitoring. */
export function Component() {
  const config = getRuntimeConfig();
  const queryClient = useQueryClient();
  const [, setRevision] = useState(0);

  function checkAgain() {
    // A new render reads the federation runtime again.
    setRevision((value) => value + 1);
    void queryClient.refetchQueries({ queryKey: systemKeys.all });
  }

  return (
    <div className="catalog-page">
      <PageHeader
        title="Тестовая страница"
        description={`Состояние сервиса. Версия конфигурации: ${config.version}.`}
        actions={
          <CheckAgainForm onCheck={checkAgain}>Проверить всё снова</CheckAgainForm>
        }
      />
      <div className="status-grid">
        <ApiHealthCard apiUrl={config.apiUrl} />
        <SocketStatusCard />
        <RemotesStatus remotes={config.remotes} current="mf_catalog" />
      </div>
    </div>
  );
}
