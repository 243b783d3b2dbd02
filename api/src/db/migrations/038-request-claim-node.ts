// A write cut by its API process's crash left its claim with no answer, and the re-send after the
// restart waited 20 s, then was told «Этот запрос ещё выполняется» for up to two minutes, though
// nothing ran it any more (QA PPP-3). A claim now names the API process that made it (its host and
// port, and a random id of that start): the same host and port started again knows a claim of its
// earlier start is dead and takes the key back at once.

export const sql = /* sql */ `
alter table request_answers add column claimed_by text;
`;
