import { Button, ErrorState, errorMessage, formatDate, formatPhone, VisuallyHidden } from 'shared';
import { useDeleteInvite } from '../api/delete-invite';
import { usePendingInvites } from '../api/get-invites';
import { INVITE_WITHDRAWN, notifyError, notifySuccess } from '../notify';

/** Invites the director sent that nobody has answered yet; a withdrawn code stops working. */
export function PendingInvites({ profileId }: { profileId: number }) {
  const invites = usePendingInvites(profileId, true);
  const withdraw = useDeleteInvite();

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
        <ul className="emp-invites">
          {invites.data.items.map((invite) => (
            <li key={invite.id} className="emp-invite">
              <span className="emp-invite__phone">{formatPhone(invite.phone)}</span>
              <span className="emp-invite__meta">
                {invite.position ?? 'Должность не указана'} ·{' '}
                {invite.live ? `код действует до ${formatDate(invite.expiresAt)}` : 'срок кода истёк'}
              </span>
              <Button
                size="sm"
                variant="ghost"
                loading={withdraw.isPending && withdraw.variables === invite.id}
                disabled={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(invite.id, {
                    onSuccess: ({ message }) => notifySuccess(message, INVITE_WITHDRAWN),
                    onError: (error) => notifyError(error),
                  })
                }
              >
                Отозвать<VisuallyHidden>{` приглашение для ${formatPhone(invite.phone)}`}</VisuallyHidden>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
