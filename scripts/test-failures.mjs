#!/usr/bin/env node
// Why a run failed, in a few lines per test: the failed tests of Jest and Playwright JSON reports,
// each with the start of its error. `npm test` and `.ci/run` print this just before their closing
// `N passed, N failed` line, so a log that keeps only its end still names the test and the reason
// (the runners print both far above, and a kept tail used to show only the failed test's name).
//
//   node scripts/test-failures.mjs REPORT.json ...   (reports that are missing or unreadable are skipped)
// No dependencies: `npm test` runs it before anything may be installed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_FAILURES = 12;
export const MAX_LINES = 8;
const MAX_WIDTH = 220;
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** The first lines of an error message that say something: no colours, blank lines, stack frames or code frames. */
export function excerpt(message) {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s*at\s/.test(line) && !/^\s*>?\s*\d*\s+\|/.test(line));
  const kept = lines.slice(0, MAX_LINES).map((line) => (line.length > MAX_WIDTH ? `${line.slice(0, MAX_WIDTH - 1)}…` : line));
  if (lines.length > MAX_LINES) kept.push('…');
  return kept;
}

const relative = (file) => (file && path.isAbsolute(file) ? path.relative(ROOT, file) : (file ?? ''));

function jestFailures(report) {
  const out = [];
  for (const suite of report.testResults ?? []) {
    const file = relative(suite.name);
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push({ where: `${file} › ${a.fullName ?? a.title}`, lines: excerpt((a.failureMessages ?? []).join('\n')) });
    // A suite that could not run (a syntax error, a missing module, a failing beforeAll) has no failed test.
    if (failed.length === 0 && suite.status === 'failed') out.push({ where: `${file} (the file did not run)`, lines: excerpt(suite.message || suite.testExecError?.message) });
  }
  return out;
}

function playwrightFailures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const result = [...(t.results ?? [])].reverse().find((r) => r.status !== 'passed' && r.status !== 'skipped') ?? {};
        const errors = result.errors?.length ? result.errors : result.error ? [result.error] : [];
        const at = errors.find((e) => e.location)?.location;
        const lines = excerpt(errors.map((e) => e.message ?? e.value ?? '').join('\n'));
        if (result.status === 'timedOut' && !lines.some((l) => l.includes('Test timeout'))) lines.unshift(`timed out after ${result.duration} ms`);
        out.push({
          where: `${spec.file}:${spec.line} › ${spec.title}${at ? ` (failed at ${path.basename(at.file)}:${at.line})` : ''}`,
          lines,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const e of report.errors ?? []) out.push({ where: 'Playwright (outside any test)', lines: excerpt(e.message ?? e.value) });
  return out;
}

/** The failed tests of one parsed report, Jest's (`testResults`) or Playwright's (`suites`). */
export function failuresOf(report) {
  if (!report || typeof report !== 'object') return [];
  if (Array.isArray(report.testResults)) return jestFailures(report);
  if (Array.isArray(report.suites) || Array.isArray(report.errors)) return playwrightFailures(report);
  return [];
}

/** The printed block: empty when nothing failed. */
export function formatFailures(failures) {
  if (failures.length === 0) return '';
  const shown = failures.slice(0, MAX_FAILURES);
  const lines = [`failed tests (${failures.length}):`];
  for (const f of shown) {
    lines.push(`  ✗ ${f.where}`);
    for (const l of f.lines) lines.push(`      ${l}`);
  }
  if (failures.length > shown.length) lines.push(`  … and ${failures.length - shown.length} more`);
  return lines.join('\n');
}

export function failuresOfFiles(files) {
  return files.flatMap((file) => {
    try {
      return failuresOf(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return [];
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const block = formatFailures(failuresOfFiles(process.argv.slice(2)));
  if (block) console.log(block);
}
