/**
 * Debian's headless Chromium driven over the DevTools protocol with nothing watching the page but one
 * binding: for timing how long a page takes to open, as a shopper's browser opens it.
 *
 * Why not Playwright here: Playwright turns on the protocol's Network domain in every page it drives,
 * and Chromium then reports every request, response and chunk of data to it. On this 2-core machine
 * that made a cold open of the editor 150-250 ms slower (measured with bench/editor-open.bench.ts's
 * own page: median of 7 opens with and without `Network.enable`, taken in turn, twice). The other
 * browser benches (gestures, memory) keep Playwright, whose network watching does not run while they
 * measure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, FIRST_PAGE_MARK, PHONE } from './browser-helpers.ts';

type Message = { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string };
type Reply = { id: number; result?: unknown; error?: { message: string } };

export interface BarePage {
  /** Opens `url` and answers when the editor's first page was drawn, in ms from the navigation's start. */
  firstPageDrawn(url: string): Promise<number>;
  /** A JavaScript expression's value in the page (by value: JSON-like results only). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export interface BareChromium {
  /**
   * A new browser context (no cache, no storage) with one page on the phone profile of PHONE;
   * `cpuSlowdown` > 1 throttles the page's main thread that many times (DevTools' CPU throttling).
   */
  newPhonePage(options?: { cpuSlowdown?: number }): Promise<BarePage>;
  close(): Promise<void>;
}

const BINDING = '__benchFirstPageDrawn';

/**
 * The switches Playwright starts Chromium with (playwright-core's chromiumSwitches, the ones that
 * matter on Linux), so that both kinds of bench run the same browser. Without them headless Chromium
 * opens a window and loads its own WebUI (the omnibox popup, compose, about 300 chrome:// files) in
 * the middle of the first open.
 */
export const PLAYWRIGHT_SWITCHES = [
  '--no-startup-window',
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,PreloadTopChromeWebUI,WebUIOmniboxPopup,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--hide-scrollbars',
  '--mute-audio',
];

export async function launchBareChromium(): Promise<BareChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const chrome: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_ARGS, ...PLAYWRIGHT_SWITCHES, '--remote-debugging-port=0', `--user-data-dir=${profile}`],
    { stdio: 'ignore' },
  );
  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  // Chromium writes the file's two lines at once, but the file may be seen before they are in it.
  while (!existsSync(portFile) || !readFileSync(portFile, 'utf8').includes('\n')) {
    if (chrome.exitCode !== null) throw new Error(`Chromium exited with ${chrome.exitCode}`);
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const [port, browserPath] = readFileSync(portFile, 'utf8').trim().split('\n');
  const socket = new WebSocket(`ws://127.0.0.1:${port}${browserPath}`);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });

  let lastId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(message: Message) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message & Reply;
    if (message.id === undefined) {
      for (const listener of listeners) listener(message);
      return;
    }
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiting?.reject(new Error(message.error.message));
    else waiting?.resolve(message.result);
  });
  const send = <T = Record<string, unknown>>(method: string, params = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });

  async function newPhonePage({ cpuSlowdown = 1 } = {}): Promise<BarePage> {
    const { browserContextId } = await send<{ browserContextId: string }>('Target.createBrowserContext', {
      disposeOnDetach: true,
    });
    const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const { width, height } = PHONE.viewport;
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width, height, deviceScaleFactor: PHONE.deviceScaleFactor, mobile: PHONE.isMobile },
      sessionId,
    );
    await send(
      'Emulation.setTouchEmulationEnabled',
      { enabled: PHONE.hasTouch, maxTouchPoints: 5 },
      sessionId,
    );
    if (cpuSlowdown > 1) await send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown }, sessionId);
    await send('Page.enable', {}, sessionId);
    await send('Runtime.addBinding', { name: BINDING }, sessionId);
    // The page calls the binding when the mark is made: no script of the bench runs while it opens.
    await send(
      'Page.addScriptToEvaluateOnNewDocument',
      {
        source: `new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === ${JSON.stringify(FIRST_PAGE_MARK)}) ${BINDING}(String(entry.startTime));
        }).observe({ type: 'mark' });`,
      },
      sessionId,
    );
    await send('Runtime.enable', {}, sessionId);

    return {
      async firstPageDrawn(url) {
        let listener: ((message: Message) => void) | undefined;
        const drawn = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${FIRST_PAGE_MARK} within 30 s`)), 30_000);
          listener = (message) => {
            if (message.sessionId !== sessionId || message.method !== 'Runtime.bindingCalled') return;
            clearTimeout(timer);
            resolve(Number((message.params as { payload: string }).payload));
          };
          listeners.add(listener);
        });
        try {
          await send('Page.navigate', { url }, sessionId);
          return await drawn;
        } finally {
          if (listener) listeners.delete(listener);
        }
      },
      async evaluate<T>(expression: string) {
        const answer = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
          'Runtime.evaluate',
          { expression, returnByValue: true, awaitPromise: true },
          sessionId,
        );
        if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
        return answer.result.value;
      },
      async close() {
        // Throttling belongs to the renderer process, which the next context's page may reuse.
        if (cpuSlowdown > 1) await send('Emulation.setCPUThrottlingRate', { rate: 1 }, sessionId);
        await send('Target.closeTarget', { targetId });
        await send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  return {
    newPhonePage,
    async close() {
      socket.close();
      await new Promise<void>((resolve) => {
        if (chrome.exitCode !== null) return resolve();
        chrome.once('exit', () => resolve());
        chrome.kill('SIGTERM');
      });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
