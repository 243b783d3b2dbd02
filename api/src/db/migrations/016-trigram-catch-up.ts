import { trigramSearch } from './010-list-scale';
import { sql as applicationTerms } from './013-application-terms';
import { sql as termNameOrder } from './015-term-name-order';

// pg_trgm that came after migrations 010, 013 and 015 ran without it: PGlite loads it since this
// migration (db/pglite.ts), so a data folder made before has no trigram indexes, no stored
// normalised text and no published applications' words, and its lists would keep prefix search
// alone. Where the extension is available now and the trigram indexes are missing, their parts run
// here as they would have then (each is conditional on pg_trgm itself); elsewhere nothing happens.
export const sql = /* sql */ `
do $catch_up$
begin
  if to_regclass('applications_text_trgm_idx') is null and exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    execute $part$${trigramSearch}$part$;
    execute $part$${applicationTerms}$part$;
    execute $part$${termNameOrder}$part$;
  end if;
end
$catch_up$;
`;
