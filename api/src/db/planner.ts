/**
 * Planner settings of every connection the API opens, on PGlite and on a PostgreSQL server alike.
 * A catalogue's working set is in memory (or on SSD), where a random page read costs little more
 * than a sequential one: with PostgreSQL's default `random_page_cost` of 4 the planner walks a whole
 * partial index testing a text filter on every published row (37 ms at 100,000 applications on a
 * server) rather than read the few thousand rows the text's index finds (5 ms).
 */
export const PLANNER_SETTINGS: Readonly<Record<string, string>> = { random_page_cost: '1.1' };

/** The settings as a connection's startup `options` (`-c name=value …`). */
export const plannerStartupOptions = (): string[] => Object.entries(PLANNER_SETTINGS).map(([name, value]) => `-c ${name}=${value}`);

/** The settings as statements for a session already open (PGlite has no startup options). */
export const plannerSetStatements = (): string =>
  Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `set ${name} = ${value};`)
    .join(' ');
