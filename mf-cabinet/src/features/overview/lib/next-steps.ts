import { lkApplicationDetailPath, NEW_APPLICATION_PATH, offersServices, ordersWork, PROFILE_PATH, type SessionProfileType } from 'shared';

export interface NextStep {
  id: 'profile' | 'about' | 'services' | 'requisites' | 'facility' | 'application' | 'reply';
  label: string;
  to: string;
  done: boolean;
}

/** What the page knows; `undefined`: not asked for this profile, or not known yet (the step waits). */
export interface NextStepFacts {
  profileType: SessionProfileType | null;
  canManage: boolean;
  /** The profile names its city and says what it does (its city and description): how customers find an executor. */
  presented?: boolean | undefined;
  services?: number | undefined;
  /** Those a withdrawal may go to (in roubles): a dollar account alone does not take the balance out (QA AAK-1). */
  requisites?: number | undefined;
  facilities?: number | undefined;
  /** A customer's: its applications but drafts (executors see no draft); an executor's: those it replied to. */
  applications?: number | undefined;
  /** A customer's draft, if it has one: the step leads to it rather than to a new form. */
  draftId?: number | undefined;
}

const known = (value: number | undefined): value is number => typeof value === 'number';

/** Where a profile's city and description are edited: a person's on his profile page, an organisation's on its own. */
const aboutPath = (type: SessionProfileType) => (type === 'organization' ? '/lk/organization' : PROFILE_PATH);

/**
 * The cabinet's checklist, derived from data: choose a profile; an executor names its city and
 * says about itself (the catalogue finds executors by city) and lists its services;
 * whoever takes money out adds requisites; a customer adds a facility and publishes an
 * application; an executor replies to one. Steps whose data is unknown are left out.
 */
export function nextSteps(facts: NextStepFacts): NextStep[] {
  const { profileType: type } = facts;
  const steps: NextStep[] = [{ id: 'profile', label: 'Выберите профиль: заказчик, исполнитель или организация', to: PROFILE_PATH, done: type !== null }];
  if (type === null) return steps;
  // Whoever may edit the profile's fields: an organisation's director, not its employees.
  if (offersServices(type) && facts.canManage && facts.presented !== undefined) {
    steps.push({ id: 'about', label: 'Укажите город и расскажите о себе — по городу заказчики находят исполнителей', to: aboutPath(type), done: facts.presented });
  }
  if (offersServices(type) && known(facts.services)) {
    steps.push({ id: 'services', label: 'Укажите услуги, которые вы оказываете', to: '/lk/service', done: facts.services > 0 });
  }
  if (facts.canManage && known(facts.requisites)) {
    steps.push({ id: 'requisites', label: 'Добавьте банковские реквизиты для вывода денег', to: '/lk/money', done: facts.requisites > 0 });
  }
  if (ordersWork(type) && known(facts.facilities)) {
    steps.push({ id: 'facility', label: 'Добавьте объект, на котором нужны работы', to: '/lk/facility/form', done: facts.facilities > 0 });
  }
  if (known(facts.applications)) {
    const done = facts.applications > 0;
    steps.push(
      type !== 'customer'
        ? { id: 'reply', label: 'Найдите заявку и откликнитесь на неё', to: '/application', done }
        : !done && facts.draftId !== undefined
          ? { id: 'application', label: 'Опубликуйте черновик заявки — исполнители откликнутся', to: lkApplicationDetailPath(facts.draftId), done }
          : { id: 'application', label: 'Опубликуйте заявку — исполнители откликнутся', to: NEW_APPLICATION_PATH, done },
    );
  }
  return steps;
}
