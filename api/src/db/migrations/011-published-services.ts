// The services filter of the public application list at 100,000 applications (issue 12, item 4).
// Counting the published applications with a service joined every published application to
// application_services (7 ms at 100,000); a link row now knows whether its application is published,
// so the count reads the service's published links from one partial index (2 ms). Triggers keep the
// flag: a link takes its application's state when written, and a change of status passes to its links.
export const sql = /* sql */ `
alter table application_services add column published boolean not null default false;
update application_services x set published = true from applications a where a.id = x.application_id and a.status = 'published';
create index application_services_pub_idx on application_services (service_id, application_id) where published;

create function application_services_published_set() returns trigger language plpgsql as $fn$
begin
  new.published := exists (select 1 from applications a where a.id = new.application_id and a.status = 'published');
  return new;
end
$fn$;
create trigger application_services_published before insert or update of application_id on application_services
  for each row execute function application_services_published_set();

create function applications_published_sync() returns trigger language plpgsql as $fn$
begin
  update application_services set published = (new.status = 'published') where application_id = new.id;
  return null;
end
$fn$;
create trigger applications_published_sync after update of status on applications
  for each row when ((old.status = 'published') is distinct from (new.status = 'published'))
  execute function applications_published_sync();
`;
