// An ИНН and an ОГРН name one organisation each: the API refuses one another organisation is
// registered under (409 inn_taken / ogrn_taken), and these unique indexes decide between two
// requests at once (the API answers their violation with the same 409, named by the index).
//
// Organisations registered before under a number an older one holds (two creates at once, or an
// ОГРН never checked) keep their data: each such later row is left out of its index by id, and
// only the oldest holder of a number stands in it, so no new duplicate of any number can be made.

export const sql = /* sql */ `
do $$
declare
  field text;
  later integer[];
begin
  foreach field in array array['inn', 'ogrn'] loop
    execute format(
      'select coalesce(array_agg(p.id order by p.id), ''{}'') from profiles p
       where p.type = ''organization'' and p.%1$I is not null
         and exists (select 1 from profiles k where k.type = ''organization'' and k.%1$I = p.%1$I and k.id < p.id)',
      field) into later;
    execute format(
      'create unique index profiles_organization_%1$s_once on profiles (%1$I) where type = ''organization'' and %1$I is not null%2$s',
      field,
      case when cardinality(later) = 0 then '' else format(' and id <> all (%L::integer[])', later) end);
  end loop;
end
$$;
`;
