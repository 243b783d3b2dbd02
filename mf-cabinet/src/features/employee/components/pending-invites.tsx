import { useEffect, useState } from 'react';
import { Button, ErrorState, errorMessage, focusPageStart, formatDateTime, formatPhone, Pagination, pluralize, useOneAtATime, useQueryRetry, VisuallyHidden } from 'shared';
import { removeControl, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useDeleteInvite } from '../api/delete-invite';
import { usePendingInvites } from '../api/get-invites';
import { INVITE_WITHDRAWN, notifyError, notifySuccess } from '../notify';

/** The pending invites' kind for the focus after a withdrawal (useFocusAfterRemoval). */
const INVITE_ROWS = 'invite';
const INVITES = ['приглашение', 'приглашения', 'приглашений'] as const;

/** Invites the director sent that nobody has answered yet; a withdrawn code stops working. */
export function PendingInvites({ profileId }: { profileId: number }) {
  const [page, setPage] = useState(1);
  const invites = usePendingInvites(profileId, page, true);
  const data = invites.data;
  // The last invite of the last page withdrawn (or answered): the page before it is shown.
  const pastTheEnd = Boolean(data && data.items.length === 0 && data.page > 1);
  useEffect(() => {
    if (pastTheEnd && data) setPage(Math.max(1, Math.ceil(data.total / data.limit)));
  }, [pastTheEnd, data]);
  // «Повторить» stays, busy, until the answer; then «Ожидают ответа» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(invites);
  const withdraw = useDeleteInvite();
  // A double click lands both clicks before the button is drawn busy.
  const withdrawOnce = useOneAtATime(withdraw);
  // A withdrawn invite's «Отозвать» goes with its row: the next invite's takes the focus (else the
  // one before), and the page's start once none is left, the section going with the last one. Only
  // if the focus fell to the page; a refusal leaves it on the button, once the list is asked again.
  const prepareRemoval = useFocusAfterRemoval(INVITE_ROWS, { settled: !invites.isFetching, onlyIfLost: true, fallback: focusPageStart });

  if (retry.loading || pastTheEnd || (!retry.failed && data?.items.length === 0)) return null;

  return (
    <section className="emp-section" aria-labelledby="emp-invites-title">
      <h2 ref={retry.target} id="emp-invites-title" tabIndex={-1}>
        Ожидают ответа
      </h2>
      {retry.failed || !data ? (
        <ErrorState title="Не удалось загрузить приглашения" message={errorMessage(retry.error)} onRetry={retry.retry} retrying={retry.retrying} />
      ) : (
        <>
          {data.total > data.limit && (
            <p className="emp-results__total">
              Всего: {data.total} {pluralize(data.total, INVITES)}
            </p>
          )}
          <ul className="emp-invites" aria-busy={invites.isPlaceholderData}>
            {data.items.map((invite) => {
              const busy = withdraw.isPending && withdraw.variables === invite.id;
              return (
                <li key={invite.id} className="emp-invite">
                  <span className="emp-invite__phone ui-phone">{formatPhone(invite.phone)}</span>
                  <span className="emp-invite__meta">
                    {invite.position ?? 'Должность не указана'} ·{' '}
                    {/* The moment, not the day: «до 12 декабря» read as the 12th included, and the code ended at 00:43 on it. */}
                    {invite.live ? `код действует до ${formatDateTime(invite.expiresAt)}` : 'срок кода истёк'}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    // The pressed button keeps the focus while busy; the others wait for it.
                    loading={busy}
                    disabled={withdraw.isPending && !busy}
                    {...removeControl(INVITE_ROWS, invite.id)}
                    onClick={() => {
                      const withdrawn = prepareRemoval(invite.id);
                      withdrawOnce(invite.id, {
                        onSuccess: ({ message }) => {
                          notifySuccess(message, INVITE_WITHDRAWN);
                          withdrawn();
                        },
                        onError: (error) => {
                          notifyError(error);
                          withdrawn('failed');
                        },
                      });
                    }}
                  >
                    Отозвать<VisuallyHidden>{` приглашение для ${formatPhone(invite.phone)}`}</VisuallyHidden>
                  </Button>
                </li>
              );
            })}
          </ul>
          <Pagination page={data.page} total={data.total} limit={data.limit} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
