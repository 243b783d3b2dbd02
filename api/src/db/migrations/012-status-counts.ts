// The public application list at 100,000 applications (issue 12, item 4), two of its commonest reads.
//
// 1. The catalogue without a filter (any sort, any page) counted its published applications up to
//    the cap: 10,001 index entries, 3 ms a request at 100,000, against the 300 published at 1,000.
//    The number of applications in each status is now kept exactly, by statement triggers in the
//    statement that changes it (so in its transaction), and such a count reads one row. A statement
//    that changes no status writes nothing; TRUNCATE empties the counts with the table.
// 2. A city in the default order (newest first) walked the newest published applications testing
//    each one's city: about 50 rows for each one shown in Moscow, 300 in a city of a few hundred.
//    An index of the city's published applications in that order reads the page alone.
export const sql = /* sql */ `
create table application_status_counts (
  status text primary key,
  total bigint not null default 0
);
insert into application_status_counts (status, total) select status, count(*) from applications group by status;

-- Every branch writes its statuses in their order, so two statements moving applications between
-- the same statuses lock the counts in one order and wait for each other rather than deadlock. A
-- status change holds its two counts until its transaction ends: status changes (the lifecycle's,
-- one application each) commit one after another, not side by side.
create function application_status_counts_sync() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'TRUNCATE' then
    update application_status_counts set total = 0 where total <> 0;
  elsif tg_op = 'INSERT' then
    insert into application_status_counts as c (status, total)
      select status, count(*) from new_rows group by status order by status
      on conflict (status) do update set total = c.total + excluded.total;
  elsif tg_op = 'DELETE' then
    insert into application_status_counts as c (status, total)
      select status, -count(*) from old_rows group by status order by status
      on conflict (status) do update set total = c.total + excluded.total;
  else
    insert into application_status_counts as c (status, total)
      select status, sum(n) from (
        select status, -1 as n from old_rows
        union all
        select status, 1 from new_rows
      ) d group by status having sum(n) <> 0 order by status
      on conflict (status) do update set total = c.total + excluded.total;
  end if;
  return null;
end
$fn$;
create trigger applications_status_counts_insert after insert on applications
  referencing new table as new_rows for each statement execute function application_status_counts_sync();
create trigger applications_status_counts_update after update on applications
  referencing old table as old_rows new table as new_rows for each statement execute function application_status_counts_sync();
create trigger applications_status_counts_delete after delete on applications
  referencing old table as old_rows for each statement execute function application_status_counts_sync();
create trigger applications_status_counts_truncate after truncate on applications
  for each statement execute function application_status_counts_sync();

create index applications_pub_city_created_desc_idx on applications (city_fias_id, created_at desc, id) where status = 'published';
`;
