/**
 * Reports the app's own errors to the server (issue 16; S0 §9: every error is reported, none
 * sampled away), where they are logged with a request id: uncaught errors, rejected promises nobody
 * handled, and screens that crashed (pages.tsx). Each distinct error once per page load and at most
 * a few in all, so a loop that throws on every frame costs the shopper nothing and the server little.
 */
import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PATH, type ClientErrorReport } from '../../shop/index.ts';

export const MAX_REPORTS_PER_PAGE = 5;

export type ErrorKind = ClientErrorReport['kind'];
export type ReportError = (kind: ErrorKind, error: unknown) => void;

interface Page {
  /** The page's address without its query or fragment (they may carry tokens). */
  url(): string;
  userAgent(): string | undefined;
}

const browserPage: Page = {
  url: () => `${location.origin}${location.pathname}`,
  userAgent: () => navigator.userAgent,
};

/** Sent with keepalive, so a report made as the page goes away still leaves. */
function post(report: ClientErrorReport) {
  fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => undefined);
}

function describe(kind: ErrorKind, error: unknown, page: Page): ClientErrorReport | null {
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '')).trim();
  // "Script error." is all a browser tells of another origin's script (an extension): nothing to act on.
  if (!message || message === 'Script error.') return null;
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    kind,
    message: message.slice(0, CLIENT_ERROR_LIMITS.message),
    stack: stack?.slice(0, CLIENT_ERROR_LIMITS.stack),
    url: page.url().slice(0, CLIENT_ERROR_LIMITS.url),
    userAgent: page.userAgent()?.slice(0, CLIENT_ERROR_LIMITS.userAgent),
  };
}

/** A reporter that sends each distinct error once, and at most `max` in all. */
export function createErrorReporter(
  send: (report: ClientErrorReport) => void = post,
  { max = MAX_REPORTS_PER_PAGE, page = browserPage }: { max?: number; page?: Page } = {},
): ReportError {
  const sent = new Set<string>();
  return (kind, error) => {
    if (sent.size >= max) return;
    const report = describe(kind, error, page);
    if (!report) return;
    // The same error thrown from the same place is one report, whichever way it surfaced.
    const key = `${report.message}\n${report.stack?.split('\n', 2)[1] ?? ''}`;
    if (sent.has(key)) return;
    sent.add(key);
    send(report);
  };
}

let installed: ReportError | null = null;

/** Listens for the window's uncaught errors and unhandled rejections (once, at start). */
export function installErrorReporter(
  target: Pick<Window, 'addEventListener'> = window,
  report = createErrorReporter(),
) {
  installed = report;
  target.addEventListener('error', (event: ErrorEvent) => report('error', event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) =>
    report('unhandledrejection', event.reason),
  );
}

/** A screen's crash, caught by its error boundary (which keeps it from reaching the window). */
export function reportRenderError(error: unknown) {
  installed?.('render', error);
}
