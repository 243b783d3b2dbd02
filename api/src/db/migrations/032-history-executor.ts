// The executor a history entry concerns when its actor is the customer (his naming one, his
// stopping one): its own column, so that `comment` is the comment sent, word for word (ARCHITECTURE
// §8's history entry; QA R-7). Before, the comment carried «Исполнитель: …» and «Причина: …» lines.
// Entries written before keep their composed comment and no executor: they read as they did.

export const sql = /* sql */ `
alter table application_history add column executor_profile_id integer references profiles (id) on delete set null;
`;
