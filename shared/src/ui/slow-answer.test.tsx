import { act, render, screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { LoadingSkeleton, SLOW_READ_MS } from './slow-answer';
import { SLOW_ANSWER_TEXT } from './use-taking-long';

test('a loading state of its own says after SLOW_READ_MS that the server is slow, over its skeleton (QA DDD-1)', () => {
  jest.useFakeTimers();
  try {
    render(
      <LoadingSkeleton>
        <p>скелет</p>
      </LoadingSkeleton>,
    );
    act(() => jest.advanceTimersByTime(SLOW_READ_MS - 1));
    expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(SLOW_ANSWER_TEXT)).toBeVisible();
    expect(screen.getByText('скелет')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

// Every read's own loading state says a slow answer: a file that draws skeletons wraps them in
// LoadingSkeleton (or SlowAnswer), or hands them to a holder that does (PagedResults, QueryView,
// the cabinet's QueryCard); the few pieces below are drawn only through callers that do either.
const ROOT = path.resolve(__dirname, '../../..');
const remotes = JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes.json'), 'utf8')) as { package: string }[];
const DIRS = ['shared/src', 'shell/src', ...remotes.map((remote) => `${remote.package}/src`)];
const HOLDERS: [component: string, prop: string][] = [
  ['PagedResults', 'skeleton'],
  ['QueryView', 'skeleton'],
  ['QueryCard', 'loading'],
];
const PIECES: Record<string, string> = {
  'shared/src/map/lazy-map.tsx': 'the map script loading, not a read',
  'mf-catalog/src/components/results-skeleton.tsx': 'PagedResults skeletons (service and executor results)',
  'mf-catalog/src/components/details-skeleton.tsx': 'QueryView skeletons of the detail pages',
  'mf-catalog/src/features/applications/components/application-card-skeleton.tsx': 'in PagedResults and in FreshApplications’ LoadingSkeleton',
  // The applications' maps share their list's query, whose loading says it; the facilities' map wraps it.
  'mf-catalog/src/components/map-section-skeleton.tsx': 'a map section under a list or in a LoadingSkeleton',
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name)) out.push(full);
  }
  return out;
}

test('no skeletons of a read without the slow answer (QA DDD-1)', () => {
  const silent = DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .map((file) => ({ file: path.relative(ROOT, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }))
    .filter(({ text }) => /<Skeleton\b/.test(text))
    .filter(({ text }) => !/<(LoadingSkeleton|SlowAnswer)\b/.test(text))
    .filter(({ text }) => !HOLDERS.some(([holder, prop]) => new RegExp(`<${holder}\\b`).test(text) && new RegExp(`\\b${prop}=\\{`).test(text)))
    .map(({ file }) => file)
    .filter((file) => !(file in PIECES));
  expect(silent).toEqual([]);
});
