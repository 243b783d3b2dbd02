import { type SessionProfile, useProfiles } from 'shared';
import { useProfileRights } from 'shared/lk';
import { useServiceCount } from '../../../lib/profile-services';
import { useDraftApplications, useFacilityCount, useLiveRecentApplications, useRecentApplications, useRequisiteCount, type OverviewRole } from '../api/get-overview-data';
import { nextSteps } from '../lib/next-steps';
import { ApplicationsCard } from './applications-card';
import { BalanceCard } from './balance-card';
import { NextStepsCard } from './next-steps-card';
import { ProfileCard } from './profile-card';

/** An organisation is shown from its executor side first, as on /lk/application. */
const roleOf = (profile: SessionProfile): OverviewRole => (profile.type === 'customer' ? 'customer' : 'executor');

/**
 * The sides whose applications the page lists: an organisation both orders work and does it, so its
 * applications as customer have their card too, below its executor side's (QA ZZZ-3).
 */
const rolesOf = (profile: SessionProfile): OverviewRole[] => (profile.type === 'organization' ? ['executor', 'customer'] : [roleOf(profile)]);

/** The cards of a chosen profile and the checklist built from their data. */
export function Overview({ profile }: { profile: SessionProfile }) {
  const rights = useProfileRights(profile);
  const role = roleOf(profile);
  const offers = profile.type !== 'customer';
  const orders = profile.type !== 'executor';
  const services = useServiceCount(profile.id, offers);
  const requisites = useRequisiteCount(profile.id, rights.canManage);
  const facilities = useFacilityCount(profile.id, orders);
  const applications = useRecentApplications(profile.id, role);
  // A customer's drafts are not published: executors do not see them (QA PP-1).
  const customer = role === 'customer';
  const drafts = useDraftApplications(profile.id, customer);
  const draftTotal = customer ? drafts.data?.total : 0;
  const published = applications.data && draftTotal !== undefined ? applications.data.total - draftTotal : undefined;
  // The session keeps a profile's name and type; its city and description come with the list.
  // The city is its FIAS id, what the catalogue filters by: an organisation's address may be text
  // typed by hand, naming none, until «Город» names one.
  const listed = useProfiles().data?.items.find((item) => item.id === profile.id);
  useLiveRecentApplications(profile.id);
  const steps = nextSteps({
    profileType: profile.type,
    canManage: rights.canManage,
    presented: listed && Boolean(listed.address?.cityFiasId && listed.description?.trim()),
    services: services.data,
    requisites: requisites.data,
    facilities: facilities.data,
    applications: published,
    draftId: drafts.data?.items[0]?.id,
  });
  // «Всё готово» only once the data of every step is known: not while it loads, nor when it failed.
  const asked: [data: unknown, enabled: boolean][] = [
    [services.data, offers],
    [requisites.data, rights.canManage],
    [facilities.data, orders],
    [applications.data, true],
    [drafts.data, customer],
  ];
  const settled = !rights.isPending && asked.every(([data, enabled]) => !enabled || data !== undefined);

  return (
    <div className="overview-grid">
      <ProfileCard profile={profile} role={rights.role} />
      <BalanceCard profileId={profile.id} />
      <NextStepsCard steps={steps} settled={settled} />
      {rolesOf(profile).map((side) => (
        <ApplicationsCard key={side} profileId={profile.id} role={side} />
      ))}
    </div>
  );
}
