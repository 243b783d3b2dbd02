import { useEffect, useRef } from 'react';
import { Button, ErrorState, errorMessage, focusLost, focusPageStart, formatDate, formatPhone, useOneAtATime, VisuallyHidden } from 'shared';
import { useDeleteInvite } from '../api/delete-invite';
import { usePendingInvites } from '../api/get-invites';
import { INVITE_WITHDRAWN, notifyError, notifySuccess } from '../notify';

/** Invites the director sent that nobody has answered yet; a withdrawn code stops working. */
export function PendingInvites({ profileId }: { profileId: number }) {
  const invites = usePendingInvites(profileId, true);
  const withdraw = useDeleteInvite();
  // A double click lands both clicks before the button is drawn busy.
  const withdrawOnce = useOneAtATime(withdraw);
  const list = useRef<HTMLUListElement>(null);
  // The row of the invite last withdrawn: once it is gone, with its button, the focus goes to the
  // next invite's «Отозвать» (or the last one), and to the page's start when none is left.
  const withdrawnRow = useRef<number | null>(null);
  useEffect(() => {
    if (withdrawnRow.current === null || !focusLost()) return;
    const buttons = list.current ? [...list.current.querySelectorAll<HTMLButtonElement>('button')] : [];
    const next = buttons[Math.min(withdrawnRow.current, buttons.length - 1)];
    withdrawnRow.current = null;
    if (next) next.focus();
    else focusPageStart();
  }, [invites.data]);

  if (invites.isPending || (invites.data && invites.data.items.length === 0)) return null;

  return (
    <section className="emp-section" aria-labelledby="emp-invites-title">
      <h2 id="emp-invites-title">Ожидают ответа</h2>
      {invites.isError ? (
        <ErrorState
          title="Не удалось загрузить приглашения"
          message={errorMessage(invites.error)}
          onRetry={() => void invites.refetch()}
          retrying={invites.isRefetching}
        />
      ) : (
        <ul ref={list} className="emp-invites">
          {invites.data.items.map((invite, index) => {
            const busy = withdraw.isPending && withdraw.variables === invite.id;
            return (
              <li key={invite.id} className="emp-invite">
                <span className="emp-invite__phone ui-phone">{formatPhone(invite.phone)}</span>
                <span className="emp-invite__meta">
                  {invite.position ?? 'Должность не указана'} ·{' '}
                  {invite.live ? `код действует до ${formatDate(invite.expiresAt)}` : 'срок кода истёк'}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  // The pressed button keeps the focus while busy; the others wait for it.
                  loading={busy}
                  disabled={withdraw.isPending && !busy}
                  onClick={() => {
                    withdrawnRow.current = index;
                    withdrawOnce(invite.id, {
                      onSuccess: ({ message }) => notifySuccess(message, INVITE_WITHDRAWN),
                      onError: (error) => notifyError(error),
                    });
                  }}
                >
                  Отозвать<VisuallyHidden>{` приглашение для ${formatPhone(invite.phone)}`}</VisuallyHidden>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
