import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, PROFILE_SAVED_MESSAGE, PROFILE_TYPE_LABELS, quoted, REDIRECT_PARAM, safeRedirect, useFocusNextPage, useOneAtATime, useUpdateProfile, VisuallyHidden, withRedirect, type Profile, type UpdateProfileBody } from 'shared';
import { useFocusOnSwitch } from '../../../lib/use-focus-on-switch';
import { notifyError, notifySuccess } from '../notify';

const PERSONAL = ['customer', 'executor'] as const;
const ORGANIZATION_ADD_PATH = '/lk/organization/add';

const DESCRIPTIONS: Record<(typeof PERSONAL)[number], string> = {
  customer: 'Публикуете заявки и выбираете исполнителей',
  executor: 'Откликаетесь на заявки и выполняете работы',
};

export interface ProfileChooserProps {
  profiles: Profile[];
  activeId: number | null;
}

/** Choose or switch the active profile: the two personal types as cards, organisations listed. */
export function ProfileChooser({ profiles, activeId }: ProfileChooserProps) {
  const update = useUpdateProfile();
  // A double click lands both clicks before the button is drawn busy.
  const updateOnce = useOneAtATime(update);
  const activeStatus = useFocusOnSwitch<HTMLParagraphElement>(activeId);
  const navigate = useNavigate();
  const focusNextPage = useFocusNextPage();
  // Sent here by the profile guard from a page that needs a profile: once one is chosen, on to it.
  const goOn = safeRedirect(useSearchParams()[0].get(REDIRECT_PARAM));
  const pending = update.isPending ? update.variables : undefined;
  const organizations = profiles.filter((p) => p.type === 'organization');

  const choose = (body: UpdateProfileBody) =>
    updateOnce(body, {
      onSuccess: ({ message }) => {
        notifySuccess(message, PROFILE_SAVED_MESSAGE);
        if (!goOn) return;
        focusNextPage();
        navigate(goOn, { replace: true });
      },
      onError: (error) => notifyError(error),
    });

  return (
    <>
      <ul className="profile-types">
        {PERSONAL.map((type) => {
          const label = PROFILE_TYPE_LABELS[type];
          const existing = profiles.find((p) => p.type === type);
          const isActive = existing !== undefined && existing.id === activeId;
          const isPending = pending !== undefined && (pending.type === type || (existing && pending.id === existing.id));
          return (
            <li key={type}>
              <Card as="article" className={isActive ? 'profile-card profile-card--active' : 'profile-card'}>
                <h3 className="profile-card__title">{label}</h3>
                <p className="profile-card__text">{DESCRIPTIONS[type]}</p>
                {isActive ? (
                  <p ref={activeStatus} className="profile-card__status" tabIndex={-1}>
                    Активный профиль
                  </p>
                ) : (
                  <Button
                    variant={existing ? 'secondary' : 'primary'}
                    // The pressed button keeps the focus while busy; the others wait for it.
                    loading={Boolean(isPending)}
                    disabled={update.isPending && !isPending}
                    onClick={() => choose(existing ? { id: existing.id } : { type })}
                  >
                    {existing ? 'Переключиться' : 'Выбрать'}
                    <VisuallyHidden>{existing ? ` на профиль «${label}»` : ` профиль «${label}»`}</VisuallyHidden>
                  </Button>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      {organizations.length > 0 && (
        <>
          <h3 className="profile-section__subtitle">Организации</h3>
          <ul className="profile-orgs">
            {organizations.map((org) => (
              <li key={org.id} className="profile-org">
                <span className="profile-org__name">{org.name}</span>
                {org.id === activeId ? (
                  <p ref={activeStatus} className="profile-card__status" tabIndex={-1}>
                    Активный профиль
                  </p>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={pending?.id === org.id}
                    disabled={update.isPending && pending?.id !== org.id}
                    onClick={() => choose({ id: org.id })}
                  >
                    Переключиться<VisuallyHidden>{` на профиль ${quoted(org.name)}`}</VisuallyHidden>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="profile-section__more">
        {/* The organisation added becomes the active profile: its form goes on to the page asked for. */}
        <Link to={goOn ? withRedirect(ORGANIZATION_ADD_PATH, goOn) : ORGANIZATION_ADD_PATH}>Добавить организацию</Link>
      </p>
    </>
  );
}
