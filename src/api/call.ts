/**
 * The generic call helper of S0 §7: every request of the app goes through here, so error handling
 * (S0 §8) is the same for our own /m/api paths and for the legacy /ajax and /system paths.
 */

import { type AnswerOf, type InputOf, type RouteSpec, routeUrl } from '../../shop/index.ts';
import { takeFirstScreenAnswer } from './firstScreen.ts';

/** Paths without a leading slash or scheme are ours and live under this prefix. */
export const API_PREFIX = '/m/api';

/** A rejected call. `code` is the HTTP status, or -1 when the network failed. */
export class CallError extends Error {
  readonly code: number;
  /** The server's stable error code (`{error, code}` answers), when it sent one. */
  readonly reason: string | undefined;
  /** The parsed answer, kept for callers that show field errors (sign-up). */
  readonly body: unknown;

  constructor(code: number, message: string, reason?: string, body?: unknown) {
    super(message);
    this.name = 'CallError';
    this.code = code;
    this.reason = reason;
    this.body = body;
  }
}

export type CallBody = Record<string, unknown> | unknown[];

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: CallBody;
  /** Send the body form-encoded (the legacy .php endpoints) instead of as JSON. */
  form?: boolean;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Let the request finish when the page is left (a design saved as the shopper closes the tab). */
  keepalive?: boolean;
}

export function resolveUrl(path: string, query?: CallOptions['query']): string {
  const absolute = path.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(path);
  let url = absolute ? path : `${API_PREFIX}/${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.append(key, String(value));
    }
    const text = params.toString();
    if (text) url += (url.includes('?') ? '&' : '?') + text;
  }
  return url;
}

function formEncode(body: CallBody): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorOf(body: unknown): { error: unknown; code: unknown } | null {
  if (body && typeof body === 'object' && 'error' in body && (body as { error: unknown }).error) {
    return body as { error: unknown; code: unknown };
  }
  return null;
}

async function request<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (method === 'GET') {
    // The server answered this call ahead of time, inside the HTML (shop/firstScreen.ts).
    const inlined = takeFirstScreenAnswer<T>(resolveUrl(path, options.query));
    if (inlined !== undefined) return inlined;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body !== undefined && method !== 'GET') {
    if (options.form) {
      body = formEncode(options.body);
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(resolveUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    // An abort is the caller's own doing: pass it through so callers can tell it from a failure.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new CallError(-1, cause instanceof Error ? cause.message : 'Network error');
  }

  const data = await readBody(response).catch(() => undefined);
  const failure = errorOf(data);
  // The legacy endpoints answer 200 with an `error` field, so the body is checked as well as the status.
  if (failure || !response.ok || response.status === 401 || response.status === 403) {
    const message =
      typeof failure?.error === 'string' ? failure.error : response.statusText || `HTTP ${response.status}`;
    const reason = typeof failure?.code === 'string' ? failure.code : undefined;
    throw new CallError(response.status, message, reason, data);
  }
  return data as T;
}

/** How a call is made, besides its route and input: abortable, or kept alive as the page closes. */
export type CallControl = Pick<CallOptions, 'signal' | 'keepalive'>;

/**
 * Calls a route of the contract's table (shop/api/) with its params, query and body, and answers
 * what the route answers: the table gives the method, the address and the types, so no caller writes
 * a path or casts an answer. A legacy .php route takes its body form-encoded, as the table says.
 */
export function call<R extends RouteSpec>(
  route: R,
  input: InputOf<R>,
  control: CallControl = {},
): Promise<AnswerOf<R>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  return request<AnswerOf<R>>(routeUrl(route, params as Record<string, unknown> | undefined), {
    method: route.method,
    body: body as CallBody | undefined,
    form: route.form,
    query: query as CallOptions['query'],
    ...control,
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
