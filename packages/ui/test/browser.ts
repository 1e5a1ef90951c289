// Debian's chromium driven by playwright-core, for the admin page tests: launch, sign in, axe, screenshots.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where screenshots go: packages/ui/screenshots (committed, shown in the README) with
 * UPDATE_SCREENSHOTS=1, else packages/ui/.screenshots (ignored), so a test run leaves the tree clean.
 */
export const SCREENSHOT_DIR = join(PACKAGE_ROOT, process.env['UPDATE_SCREENSHOTS'] === '1' ? 'screenshots' : '.screenshots');

export interface RunningBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<RunningBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get update && apt-get install -y chromium)`);
  }
  // playwright gives every launch a new empty profile directory of its own (and removes it on close).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
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
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/** Problems a page reports on its own: console errors (a CSP violation is one), uncaught errors, dialogs. */
export interface PageWatch {
  errors: string[];
  dialogs: string[];
}

/** A new tab (own context: own session storage) that records console errors, page errors and dialogs. */
export async function openTab(browser: Browser): Promise<{ page: Page; watch: PageWatch }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const watch: PageWatch = { errors: [], dialogs: [] };
  page.on('console', (m) => {
    // A 401/403/412 answer is logged by the browser as a failed resource load; those are expected.
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
      watch.errors.push(m.text());
  });
  page.on('pageerror', (e) => watch.errors.push(String(e)));
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  return { page, watch };
}

/** Signs in through the form, then waits for the projects screen. */
export async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel('Admin API key').fill(key);
  await page.getByRole('button', { name: 'Sign in with key' }).click();
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP stays as
 * served) and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
