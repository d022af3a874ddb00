/**
 * The desk's calls to /lab/api/…, each with the lab's password as a Bearer header (the app's call()
 * helper sends cookies, not headers). The password lives in sessionStorage: gone with the tab.
 */
// The paths come from the route table; the app's build keeps only each route's method and path
// (vite.config.ts clientRouteTable), so the schemas (and zod) stay out of the desk's chunk.
import {
  type FulfilmentStatus,
  type LabOrderDetail,
  type LabOrderPage,
  type LabPaymentProblems,
  labRoutes,
  routeUrl,
} from '../../../shop/index.ts';
import { CallError } from '../../api/call.ts';

export const LAB_BASENAME = '/lab';
const PASSWORD_KEY = 'print-shop.lab-password';

export function storedPassword(): string | null {
  try {
    return sessionStorage.getItem(PASSWORD_KEY);
  } catch {
    return null;
  }
}

export function storePassword(password: string | null): void {
  try {
    if (password === null) sessionStorage.removeItem(PASSWORD_KEY);
    else sessionStorage.setItem(PASSWORD_KEY, password);
  } catch {
    // Storage refused (private mode): the password lasts as long as the page.
  }
}

/** 401, 403 and 429: the password is missing, wrong or locked out; the desk asks for it again. */
export const isAuthFailure = (error: unknown) =>
  error instanceof CallError && (error.code === 401 || error.code === 403 || error.code === 429);

async function labFetch(password: string, path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${password}` },
      credentials: 'omit',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new CallError(-1, cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new CallError(response.status, body?.error ?? `HTTP ${response.status}`, body?.code, body);
  }
  return response;
}

async function json<T>(password: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await labFetch(password, path, {
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  });
  return (await response.json()) as T;
}

export function getOrders(
  password: string,
  query: { limit?: number; before?: string } = {},
  signal?: AbortSignal,
): Promise<LabOrderPage> {
  return json(
    password,
    routeUrl(labRoutes.orders, {}, { limit: query.limit || undefined, before: query.before }),
    {
      signal,
    },
  );
}

export function getOrder(password: string, uuid: string, signal?: AbortSignal): Promise<LabOrderDetail> {
  return json(password, routeUrl(labRoutes.order, { orderUuid: uuid }), { signal });
}

export function postStatus(
  password: string,
  uuid: string,
  status: FulfilmentStatus,
): Promise<LabOrderDetail> {
  return json(password, routeUrl(labRoutes.status, { orderUuid: uuid }), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });
}

export function postRerun(password: string, uuid: string): Promise<LabOrderDetail> {
  return json(password, routeUrl(labRoutes.rerun, { orderUuid: uuid }), { method: 'POST' });
}

/**
 * A refund of `amount` (absent: what is left), or the release of an authorisation not yet captured.
 * `key` is the press's Idempotency-Key: the same key is the same refund, however often it is sent.
 */
export function postRefund(
  password: string,
  uuid: string,
  amount: number | undefined,
  key: string,
): Promise<LabOrderDetail> {
  return json(password, routeUrl(labRoutes.refund, { orderUuid: uuid }), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(amount === undefined ? {} : { amount }),
  });
}

/** Queues the capture of an authorised payment again (after a capture that failed every retry). */
export function postCapture(password: string, uuid: string): Promise<LabOrderDetail> {
  return json(password, routeUrl(labRoutes.capture, { orderUuid: uuid }), { method: 'POST' });
}

export function getPaymentProblems(password: string, signal?: AbortSignal): Promise<LabPaymentProblems> {
  return json(password, routeUrl(labRoutes.paymentProblems), { signal });
}

/** A file (or thumbnail) the desk shows: fetched with the header, shown through a blob URL. */
export async function fetchBlob(password: string, url: string, signal?: AbortSignal): Promise<Blob> {
  return (await labFetch(password, url, { signal })).blob();
}

/** Saves the order's zip: fetched with the header (a plain link could not send it), then a blob URL. */
export async function downloadZip(password: string, uuid: string, reference: string): Promise<void> {
  const blob = await fetchBlob(password, routeUrl(labRoutes.zip, { orderUuid: uuid }));
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `order-${reference}.zip`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
