import { renderRoutes } from 'shared/testing';
import { Component as MessagePage } from '../../../pages/message-page';

const ApplicationStandIn = () => <h1>Заявка</h1>;

/** `/lk/message` with its URL state, and a stand-in for the application page its links lead to. */
export function renderMessages(search = '') {
  return renderRoutes(
    [
      { path: '/lk/message', Component: MessagePage },
      { path: '/lk/application/detail/:id', Component: ApplicationStandIn },
    ],
    `/lk/message${search}`,
  );
}
