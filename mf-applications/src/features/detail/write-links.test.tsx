import { screen, within } from '@testing-library/react';
import { ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, CUSTOMER, EXECUTOR, makeDetail, makeReply } from './testing/fixtures';
import { renderDetail } from './testing/render-detail';

setUpPageTests(() => actAs(CUSTOMER));

describe('«Написать…» to the other party (mf-messaging, by URL)', () => {
  it('the executor side writes to the customer about this application', async () => {
    actAs(EXECUTOR);
    serveApi({ 'GET application/get': () => ok(makeDetail({ replies: [makeReply()] })) });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Написать заказчику' })).toHaveAttribute('href', '/lk/message?applicationId=42');
    expect(screen.queryByRole('link', { name: /Написать исполнителю/ })).not.toBeInTheDocument();
  });

  it('the customer writes to the named executor and to each replier', async () => {
    const other = makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' } });
    serveApi({
      'GET application/get': () => ok(makeDetail({ status: 'executor_named', executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' }, replies: [makeReply(), other] })),
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Написать исполнителю' })).toHaveAttribute('href', `/lk/message?applicationId=42&profileId=${EXECUTOR.id}`);
    const replies = screen.getByRole('region', { name: 'Отклики (2)' });
    expect(within(replies).getByRole('link', { name: `Написать исполнителю: ${EXECUTOR.name}` })).toHaveAttribute('href', `/lk/message?applicationId=42&profileId=${EXECUTOR.id}`);
    expect(within(replies).getByRole('link', { name: 'Написать исполнителю: ООО «Свет»' })).toHaveAttribute('href', '/lk/message?applicationId=42&profileId=30');
    expect(screen.queryByRole('link', { name: 'Написать заказчику' })).not.toBeInTheDocument();
  });
});
