// An organisation's city, named in its «Город» as a person's profile names his: the executor
// catalogue filters by `city_fias_id`, which for an organisation was only ever the city of its
// legal address — none for an address typed by hand (no DaData), and lost when its text was
// edited. An organisation's `address_value` and coordinates stay its legal address; `city_name`
// is the name of the city `city_fias_id` names once one is chosen (null: none chosen, the city,
// if any, is its legal address's). A person's profile keeps its city in `address_value` and
// leaves this null. Nothing to backfill: no organisation has chosen one yet.

export const sql = /* sql */ `
alter table profiles add column city_name text;
`;
