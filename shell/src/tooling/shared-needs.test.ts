/**
 * @jest-environment node
 */
// What each remote's build writes of its needs of `shared` (scripts/webpack/shared-needs.cjs),
// checked at run time by its routes (shared/src/federation/shared-needs.ts).
import path from 'node:path';
import * as shared from 'shared';
import * as lk from 'shared/lk';
import { lacking } from 'shared/shared-needs';

type SharedNeeds = { shared: string[]; lk: string[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { namesImported, sharedNeeds } = require('../../../scripts/webpack/shared-needs.cjs') as {
  namesImported: (sources: string[]) => SharedNeeds;
  sharedNeeds: (dir: string) => SharedNeeds;
};

test('the scanner takes the value names a remote imports from shared and shared/lk, not its types', () => {
  const needs = namesImported([
    "import type { RemoteRoute } from 'shared';\nimport { Button, type ApiError, bus as events } from 'shared';",
    "import {\n  AddressField,\n  type Facility,\n} from 'shared/lk';\nexport { useSessionStore } from 'shared';\nimport { z } from 'zod';\nimport { sum } from 'shared/contract';",
  ]);
  expect(needs).toEqual({ shared: ['Button', 'bus', 'useSessionStore'], lk: ['AddressField'] });
});

test.each(['mf-catalog', 'mf-applications', 'mf-cabinet', 'mf-messaging'])('%s as built now needs nothing this shared lacks (no section refused for a misread name)', (remote) => {
  const needs = sharedNeeds(path.resolve(__dirname, '../../..', remote));
  expect(needs.shared.length).toBeGreaterThan(0);
  expect(lacking(shared, needs.shared)).toEqual([]);
  expect(lacking(lk, needs.lk)).toEqual([]);
});

