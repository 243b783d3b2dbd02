import { defineConfig } from '@playwright/test';
import { SHELL_URL } from './support/env';

// Debian Chromium, never a downloaded browser; the built app served by global-setup.ts.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'playwright-report/report.json' }]],
  use: {
    baseURL: SHELL_URL,
    locale: 'ru-RU',
    // A trace records every call (axe-core's 500 kB script with each injection): about a fifth of
    // the suite's time. CI keeps only its log, so a trace there is cost without a reader.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
