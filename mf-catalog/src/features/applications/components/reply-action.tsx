import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { applicationKeys, bus, Button, fromStateOf, lkApplicationDetailPath, loginOver, PROFILE_PATH, calendarDateIn, repliesOverByDate, useIsLoggedIn, useSessionStore, withRedirect, type ApplicationView } from 'shared';
import { checkSharedNeeds } from 'shared/shared-needs';
import { activeReplyOf } from '../lib/own-reply';
import type { ReplyDialog as ReplyDialogComponent } from './reply-dialog';

// The form and its call are the cabinet's contract (`shared/lk`), which the page's start does not
// load: the dialog comes when the button is pointed at, focused or pressed, where the shell's
// `shared/lk` is checked to have what it takes (a remote released before its shell, QA BBB-1).
const loadReplyDialog = () =>
  Promise.all([import(/* webpackChunkName: "reply-dialog" */ './reply-dialog'), checkSharedNeeds(true)]).then(([module]) => module.ReplyDialog);
const preloadReplyDialog = () => void loadReplyDialog().catch(() => undefined);
const REPLY_FORM_LOAD_ERROR = 'Не удалось загрузить форму отклика. Обновите страницу';

const REPLY_SEND = 'application/reply/send';
const REPLIES_OVER_NOTE = 'Приём откликов по заявке завершён.';

/** Today by Moscow's calendar, as the server checks `feedbackDeadline` (the last day, a Moscow one). */
const today = (): string => calendarDateIn();

/** `justSent`: the dialog that had the focus is gone, so the link takes it. */
function Replied({ id, justSent }: { id: number; justSent: boolean }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (justSent) link.current?.focus();
  }, [justSent]);
  return (
    <p className="reply-action__note">
      Вы откликнулись на заявку.{' '}
      <Link ref={link} to={lkApplicationDetailPath(id)}>
        Перейти к заявке в личном кабинете
      </Link>
    </p>
  );
}

/**
 * A guest's «Откликнуться» asks the login to come back with this in the address: the reply form
 * then opens by itself (the wish he had), and the address forgets it.
 */
export const REPLY_AFTER_LOGIN = 'reply';

type ReplyState = 'none' | 'replied' | 'closed' | 'customer' | 'unchosen' | 'open';

/**
 * What a signed-in user may do about replying to `application`: `profile` is his active one,
 * `'unchosen'` when he has none yet (a new user), null while that is not known.
 */
function replyStateOf(application: ApplicationView, profile: { id: number; type: string } | 'unchosen' | null, sent: boolean): ReplyState {
  const overByDate = application.feedbackDeadline !== null && application.feedbackDeadline < today();
  // With no profile, as with a customer's, the actions the server lists never hold a reply: only
  // the date tells whether an executor or organisation still can.
  if (profile === 'unchosen') return overByDate ? 'closed' : 'unchosen';
  if (!profile || profile.id === application.customer.id) return 'none';
  const mine = activeReplyOf(application, profile.id) !== undefined;
  if (sent || mine) return 'replied';
  if (profile.type === 'customer') return overByDate ? 'closed' : 'customer';
  // A signed-in caller's answer says exactly whether it may reply now; a cached guest's card does not.
  const closed = application.allowedActions ? !application.allowedActions.includes(REPLY_SEND) : overByDate;
  return closed ? 'closed' : 'open';
}

/**
 * «Откликнуться» on a published application: a guest is sent to the shell's login dialog (by URL,
 * `?auth=login`) and comes back to the reply form, an executor or organisation profile gets the
 * reply form, a user with no profile yet is sent to choose one (and comes back to the page), the
 * customer who owns the application gets nothing.
 */
export function ReplyAction({ application }: { application: ApplicationView }) {
  const loggedIn = useIsLoggedIn();
  const profile = useSessionStore((s) => s.activeProfile);
  // As the shell's profile guard tells it: the user is known and names no active profile.
  const unchosen = useSessionStore((s) => s.user !== null && !s.user.activeProfileId && s.activeProfile === null);
  const { pathname, search, hash, state: entryState } = useLocation();
  // The list the page was opened from: its «Назад» stays that view through the login (QA XXX-1).
  const kept = fromStateOf(entryState);
  const navigate = useNavigate();
  const [ReplyDialog, setReplyDialog] = useState<typeof ReplyDialogComponent | null>(null);
  const [sent, setSent] = useState(false);
  const published = application.status === 'published';
  const state = published ? replyStateOf(application, unchosen ? 'unchosen' : profile, sent) : 'none';

  // Usually in already (preloaded on pointer or focus); the button keeps its focus meanwhile, so
  // the dialog gives it back when it closes.
  const buttonId = useId();
  const openDialog = (focusButton = false) =>
    void loadReplyDialog().then(
      (dialog) => {
        // Opened by itself (back from the login): the button takes the focus first, so that the
        // dialog, which gives the focus back to what had it, gives it there rather than to the page's start.
        if (focusButton) document.getElementById(buttonId)?.focus();
        setReplyDialog(() => dialog);
      },
      () => bus.emit('toast:show', { type: 'error', message: REPLY_FORM_LOAD_ERROR }),
    );

  // Back from the login that «Откликнуться» asked for, once the profile is known: the form opens
  // if this profile may reply (else the page says why not), and the address drops the wish.
  // A «no» may come from a copy of the application read before this profile was (a new user who
  // registered, then chose his profile, QA s68): it is read once more before the wish is dropped.
  const askedAfterLogin = loggedIn && profile !== null && new URLSearchParams(search).has(REPLY_AFTER_LOGIN);
  const queryClient = useQueryClient();
  const answered = useRef(false);
  useEffect(() => {
    if (!askedAfterLogin || answered.current) return;
    answered.current = true;
    const answer = (open: boolean) => {
      const params = new URLSearchParams(search);
      params.delete(REPLY_AFTER_LOGIN);
      const rest = params.toString();
      void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, state: kept });
      if (open) openDialog(true);
    };
    // «open» and «closed» rest on the server's actions for the caller (and «open» on his replies),
    // which a copy read as a guest has not (QA AAE-2: the form opened for one who had replied); the
    // other answers hold for any copy.
    if (state !== 'closed' && state !== 'open') return answer(false);
    const key = applicationKeys.detail(application.id);
    const asked = unchosen ? 'unchosen' : profile;
    // The answer read for this profile, from the cache: the page shows it a render later. Read
    // whatever the query's state: this effect runs before the page's own (a parent's) has
    // subscribed to it, and an «active only» refetch would skip it and answer from the old copy.
    void queryClient.invalidateQueries({ queryKey: key, refetchType: 'all' }).finally(() => {
      answer(replyStateOf(queryClient.getQueryData<ApplicationView>(key) ?? application, asked, false) === 'open');
    });
    // Once, as the login (or the choice of a profile) comes back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askedAfterLogin]);

  if (!published) return null;

  if (!loggedIn) {
    // Past the reply deadline nobody may reply: the guest is told so, not sent to a login that ends
    // in a refusal (QA AAE-4).
    if (repliesOverByDate(application, today())) return <p className="reply-action__note">{REPLIES_OVER_NOTE}</p>;
    // The page stays as it is under the dialog (its search and #hash), and the login comes back to
    // it, asking for the reply form.
    const back = new URLSearchParams(search);
    back.set(REPLY_AFTER_LOGIN, '1');
    const backToReply = `${pathname}?${back}${hash}`;
    return (
      <Link className="ui-button ui-button--primary ui-button--md reply-action__button" to={loginOver({ pathname, search, hash }, backToReply)} state={kept}>
        <span className="ui-button__label">Откликнуться</span>
      </Link>
    );
  }

  /** What the page says, or offers, as the active profile stands now. */
  function replyStatus(shown: ReplyState) {
    if (shown === 'none') return null;
    if (shown === 'replied') return <Replied id={application.id} justSent={sent} />;
    // Replies open but not to him: the server's reason (he acts for the customer's organisation too), not «завершён».
    if (shown === 'closed') return <p className="reply-action__note">{application.actionsWithheld ?? REPLIES_OVER_NOTE}</p>;
    if (shown === 'customer') {
      return <p className="reply-action__note">Откликаться могут исполнители и организации: переключите профиль в меню аккаунта.</p>;
    }
    if (shown === 'unchosen') {
      // Without a profile the account menu has nothing to switch to, only a link to the profile page:
      // the same link here, and the choice comes back to this page, where «Откликнуться» is by then
      // (the application is read again for the new profile), not straight into the reply form.
      return (
        <p className="reply-action__note">
          Чтобы откликнуться, выберите профиль исполнителя или организации.{' '}
          <Link to={withRedirect(PROFILE_PATH, `${pathname}${search}${hash}`)}>Выбрать профиль</Link>
        </p>
      );
    }
    return (
      <Button
        id={buttonId}
        className="reply-action__button"
        aria-haspopup="dialog"
        onPointerEnter={preloadReplyDialog}
        onFocus={preloadReplyDialog}
        onClick={() => openDialog()}
      >
        Откликнуться
      </Button>
    );
  }

  // A dialog once open stays, whatever the active profile may do now (QA VV-1): switched meanwhile
  // to one that cannot reply (a customer's, one that has replied, the application's own customer),
  // the page under it says so, and the dialog keeps the text, says for whom it was written and
  // offers the switch back (useOpenedAs).
  return (
    <>
      {replyStatus(state)}
      {ReplyDialog && (
        <ReplyDialog
          applicationId={application.id}
          seenPrice={application.price}
          onClose={() => setReplyDialog(null)}
          onSent={() => {
            setReplyDialog(null);
            setSent(true);
          }}
        />
      )}
    </>
  );
}
