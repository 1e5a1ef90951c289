// A uvu suite of admin page tests: the spawned bin with its demo data, Debian's chromium, and tabs
// that fail the test on any console error (a CSP violation is one), uncaught error or dialog.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { randomSecret, removeDir, startBin, tempDir, type Child } from '../../../test/helpers/bin';
import { launchChromium, openTab, seriousViolations, signIn, type PageWatch, type RunningBrowser } from './browser';

export interface BrowserSuite {
  /** A test whose tabs must report no console error, uncaught error or dialog; its tabs are closed after it. */
  test(name: string, body: () => Promise<void>): void;
  run(): void;
  /** The bin's URL (set once the suite started). */
  url(): string;
  adminKey: string;
  /** A new tab with its own session storage. */
  tab(): Promise<{ page: Page; watch: PageWatch }>;
  signedInTab(key?: string): Promise<{ page: Page; watch: PageWatch }>;
  /** `GET` on the admin API with the admin key, asserting a 200. */
  apiGet<T>(path: string): Promise<T>;
  /** Any admin API call with the admin key, asserting a 2xx; the parsed body. */
  apiSend<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Fails on any serious or critical axe-core violation of the page. */
  assertAccessible(page: Page, screen: string): Promise<void>;
}

export function browserSuite(
  name: string,
  options: {
    env?: Record<string, string>;
    /** Writes data into the data directory before the bin starts on it (the bin then seeds no demo). */
    prepare?(dataDir: string): Promise<void>;
    setup?(s: BrowserSuite): Promise<void>;
  } = {},
): BrowserSuite {
  const uvu = suite(name);
  const adminKey = randomSecret();
  let bin: { child: Child; url: string } | undefined;
  let dataDir: string | undefined;
  let chromium: RunningBrowser | undefined;
  let browser: Browser | undefined;
  const tabs: { page: Page; watch: PageWatch }[] = [];

  const self: BrowserSuite = {
    adminKey,
    url: () => bin!.url,
    async tab() {
      const t = await openTab(browser!);
      tabs.push(t);
      return t;
    },
    async signedInTab(key = adminKey) {
      const t = await self.tab();
      await signIn(t.page, bin!.url, key);
      return t;
    },
    async apiSend<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${bin!.url}${path}`, {
        method,
        headers: { authorization: adminKey, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    apiGet: <T>(path: string) => self.apiSend<T>('GET', path),
    async assertAccessible(page, screen) {
      const violations = await seriousViolations(page);
      assert.equal(
        violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`),
        [],
        `axe on ${screen}`,
      );
    },
    test(testName, body) {
      uvu(testName, async () => {
        // Checked in the test itself: uvu stops the suite silently when an after.each hook throws.
        try {
          await body();
          for (const { watch } of tabs) {
            assert.equal(watch.errors, [], 'no console error, CSP violation or uncaught error');
            assert.equal(watch.dialogs, [], 'no dialog opened');
          }
        } finally {
          await Promise.all(tabs.splice(0).map(({ page }) => page.context().close()));
        }
      });
    },
    run: () => uvu.run(),
  };

  uvu.before(async () => {
    try {
      dataDir = tempDir();
      await options.prepare?.(dataDir);
      bin = await startBin(['--port', '0', '--data', dataDir], { INIT_ADMIN_API_TOKENS: adminKey, ...options.env });
      chromium = await launchChromium();
      browser = chromium.browser;
      await options.setup?.(self);
    } catch (error) {
      // uvu does not print an error thrown by a before hook.
      console.error('could not start the bin and the browser:', error);
      throw error;
    }
  });

  uvu.after(async () => {
    await chromium?.close();
    await bin?.child.stop();
    if (dataDir) removeDir(dataDir);
  });

  return self;
}
