import type { Queryable } from '../src/db';

/** A node of PostgreSQL's `explain (format json)` plan, as far as the plan tests read it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Every node of the plan PostgreSQL makes for a statement (not run), the top one first. */
export async function explainPlan(db: Queryable, { text, values }: { text: string; values: readonly unknown[] }): Promise<PlanNode[]> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, [...values]);
  const json = row!['QUERY PLAN'];
  const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
  return nodes(top!.Plan);
}
