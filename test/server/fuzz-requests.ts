/**
 * Arbitrary requests for the fuzz suite (fuzz.test.ts): any route of the app, with fuzzed path
 * parameters, query strings, bodies and content types, with or without a real session. The values mix
 * plain noise with the shapes and ids the contract uses, so a request often gets past the first check.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';

export interface FuzzContext {
  /** Cookies of real sessions (an anonymous cart with lines, a logged-in user): half the cases send one. */
  cookies: () => readonly string[];
  /** Ids that exist (products, templates, pictures, order lines…): a fuzzed id is often a real one. */
  ids: readonly string[];
  /** Headers that open a desk (the lab's password): sent with half the cases. */
  authorization: string;
  /** Host names of the portals. */
  hosts: readonly string[];
  /**
   * Bodies the contract accepts (a cart line, a login, a confirm…): sent as they are or with a few
   * of their values replaced or removed, so a fuzzed value reaches the code behind the validation.
   */
  examples: readonly unknown[];
  /** Called every few cases: puts back what cases took away (a cart's lines, a login). */
  replenish?: () => Promise<void>;
}

/** A route as the app added it: its address and its methods (a case uses one of them). */
export interface FuzzedRoute {
  methods: readonly string[];
  url: string;
}

export const routeName = (route: FuzzedRoute) => `${route.methods.join(',')} ${route.url}`;

/**
 * The routes the app told of, each once. The HEAD route fastify adds for each GET route runs the same
 * handler, so it is fuzzed as a method of its GET route rather than as a route of its own.
 */
export function routeList(routes: readonly RouteOptions[]): FuzzedRoute[] {
  const byUrl = new Map<string, string[][]>();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? [...route.method] : [route.method];
    byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), methods]);
  }
  const list: FuzzedRoute[] = [];
  for (const [url, registrations] of byUrl) {
    const hasGet = registrations.some((m) => m.includes('GET'));
    for (const methods of registrations) {
      if (hasGet && methods.length === 1 && methods[0] === 'HEAD') continue;
      const withHead = methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
      list.push({ methods: withHead, url });
    }
  }
  return list.sort((a, b) => routeName(a).localeCompare(routeName(b)));
}

/** Field names the contract's bodies and queries use, so fuzzed objects reach past "unknown field". */
const FIELDS = [
  'uuid',
  'product',
  'quantity',
  'image',
  'filter',
  'cropRect',
  'x',
  'y',
  'width',
  'height',
  'deleted',
  'templates',
  'template',
  'version',
  'resources',
  'year',
  'fullId',
  'id',
  'type',
  'text',
  'font',
  'size',
  'rotation',
  'effect',
  'subProductUuids',
  'autoCorrection',
  'code',
  'username',
  'password',
  'name',
  'email',
  'mobile',
  'address',
  'zipcode',
  'city',
  'paymentOption',
  'deliveryOption',
  'paymentoption',
  'deliveryoption',
  'ordercomment',
  'cartfallback',
  'status',
  'result',
  'pageId',
  'widthPx',
  'pictures',
  'scaleversion',
  'w',
  'f',
  'uploadtype',
  'handleuploads',
  'json',
  'thumbnails',
  'or',
  'retry',
  'page',
  'limit',
  'q',
  'transactionId',
  'amount',
  '__proto__',
  'constructor',
];

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  2,
  10,
  90,
  99,
  100,
  999,
  1000,
  9999,
  10000,
  65536,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 31),
  -(2 ** 31) - 1,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  1e-300,
  5e-324,
  0.5,
  0.1,
  1.5,
  -0.5,
];

const EDGE_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '..',
  '../../etc/passwd',
  '%',
  '%00',
  '%zz',
  '\u0000',
  '\ud800',
  '\udc00x',
  '\u202e',
  'a'.repeat(3000),
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "'; drop table carts; --",
  '9'.repeat(40),
  '0x10',
  '1.5',
  '00000000-0000-0000-0000-000000000000',
  'original',
  'bw',
  'sepia',
  'cards',
  'calendars',
  'photogift',
  'printsorder',
  'printed',
  'paid',
  'icon-192.png',
  'icon-maskable-512.png',
  'front',
  'home',
];

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/**
 * Characters a store or a parser may choke on, put inside otherwise ordinary text; NUL and a lone
 * surrogate (which PostgreSQL refuses) come up twice as often as the others.
 */
const SPECIALS = [
  '\u0000',
  '\ud800',
  '\u0000',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufeff',
  '\u202e',
  '\u{1f600}',
  '%',
  '\\',
  '"',
  '\n',
];

function textArb(context: FuzzContext): fc.Arbitrary<string> {
  const plain = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...context.ids),
    fc.constantFrom(...EDGE_TEXT),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(plain, fc.constantFrom(...SPECIALS), plain).map((p) => p.join('')) },
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 10 }) },
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_TEXT) },
    { weight: 3, arbitrary: fc.constantFrom(...context.ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: numberArb.map(String) },
  );
}

/** The integers past what a database column holds (issue 28): each case meets them often. */
const OUT_OF_RANGE = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308] as const;

const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.constantFrom(...OUT_OF_RANGE),
  fc.integer(),
  fc.integer({ min: -5, max: 300 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON values shaped like the contract's: objects with its field names, ids and edge numbers. */
function shapedArb(context: FuzzContext): fc.Arbitrary<unknown> {
  const text = textArb(context);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      numberArb,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), tie('value'), { maxKeys: 6 }),
    ),
  }));
  return value;
}

type Path = (string | number)[];

/** The path to every value inside `value` (the value itself included). */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at];
  const children = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [at, ...children.flatMap(([key, child]) => pathsOf(child, [...at, key]))];
}

/** `value` with the thing at `path` replaced (or removed when `replacement` is undefined). */
function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = replaced(copy[head as number], rest, replacement);
    if (next === undefined) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = { ...value };
  const next = replaced(copy[head as string], rest, replacement);
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/** The value at `path` in `value`. */
const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );

/** `value` with every '{n}' in its strings replaced by `n`: an example's email made unique per case. */
function numbered(value: unknown, n: number): unknown {
  if (typeof value === 'string') return value.replaceAll('{n}', String(n));
  if (Array.isArray(value)) return value.map((v) => numbered(v, n));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbered(v, n)]));
  }
  return value;
}

/**
 * One of the contract's bodies with up to three changes: a string with a character a store or parser
 * may choke on put inside it (the body stays valid otherwise), a value replaced by fuzz, or one removed.
 */
function mutatedArb(examples: readonly unknown[], shaped: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (examples.length === 0) return shaped;
  return fc.tuple(fc.constantFrom(...examples), fc.nat()).chain(([template, n]) => {
    const example = numbered(template, n);
    const paths = pathsOf(example);
    const mutation = fc.record({
      path: fc.constantFrom(...paths),
      kind: fc.constantFrom('salt', 'salt', 'replace', 'replace', 'remove'),
      value: shaped,
      special: fc.constantFrom(...SPECIALS),
      at: fc.nat(),
      number: numberArb,
    });
    return fc.array(mutation, { maxLength: 3 }).map((mutations) =>
      mutations.reduce((body, m) => {
        if (m.kind === 'remove') return replaced(body, m.path, undefined) ?? null;
        const old = valueAt(body, m.path);
        if (m.kind === 'salt' && typeof old === 'string') {
          const at = m.at % (old.length + 1);
          return replaced(body, m.path, old.slice(0, at) + m.special + old.slice(at));
        }
        if (m.kind === 'salt' && typeof old === 'number') return replaced(body, m.path, m.number);
        return replaced(body, m.path, m.value);
      }, example),
    );
  });
}

/** A path segment or query value as a client could send it: UTF-8 percent-encoded, or raw bytes. */
function encodedArb(context: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: textArb(context).map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 6 })
        .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
    },
  );
}

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as a browser sends it). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

function addressArb(route: FuzzedRoute, context: FuzzContext): fc.Arbitrary<string> {
  const parts = route.url.split('/').map((segment) => {
    if (segment === '*')
      return fc.array(encodedArb(context), { minLength: 0, maxLength: 3 }).map((s) => s.join('/'));
    if (segment.includes(':')) {
      // ':name', ':name.jpg' or 'prefix:name': the parameter is replaced, its neighbours kept.
      return encodedArb(context).map((value) => segment.replace(/:[A-Za-z0-9_]+/g, value));
    }
    return fc.constant(segment);
  });
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 5,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...FIELDS), textArb(context)).map(percentEncode),
            encodedArb(context),
          ),
          { maxLength: 5 },
        )
        .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '')),
    },
    { weight: 1, arbitrary: encodedArb(context).map((raw) => `?${raw}`) },
  );
  return fc.tuple(fc.tuple(...parts), query).map(([segments, q]) => `${segments.join('/')}${q}`);
}

type Body = { contentType?: string; payload?: string | Buffer };

function multipart(parts: { field: string; filename: string | null; bytes: Buffer }[], boundary: string) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === null
        ? `form-data; name="${p.field}"`
        : `form-data; name="${p.field}"; filename="${p.filename.replace(/["\r\n]/g, '_')}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function bodyArb(context: FuzzContext, picture: Buffer): fc.Arbitrary<Body> {
  const shaped = shapedArb(context);
  const mutated = mutatedArb(context.examples, shaped);
  const text = textArb(context);
  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  const boundary = 'fuzzboundary';
  const filePart = fc.record({
    field: fc.constantFrom('file', 'images[]', 'images', 'other'),
    filename: fc.option(text, { nil: null }),
    bytes: fc.oneof(
      fc.constant(picture),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.constant(picture.subarray(0, 40)),
    ),
  });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Body>({}) },
    { weight: 4, arbitrary: shaped.map((v) => ({ contentType: 'application/json', payload: json(v) })) },
    { weight: 10, arbitrary: mutated.map((v) => ({ contentType: 'application/json', payload: json(v) })) },
    {
      weight: 2,
      arbitrary: fc.jsonValue().map((v) => ({ contentType: 'application/json', payload: json(v) })),
    },
    { weight: 1, arbitrary: text.map((t) => ({ contentType: 'application/json', payload: t })) },
    { weight: 1, arbitrary: mutated.map((v) => ({ contentType: 'text/plain', payload: json(v) })) },
    { weight: 1, arbitrary: text.map((t) => ({ contentType: 'text/plain;charset=utf-8', payload: t })) },
    {
      weight: 2,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), text), text, { maxKeys: 6 }).map((d) => ({
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(d).toString(),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.array(filePart, { maxLength: 3 }).map((parts) => ({
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: multipart(parts, boundary),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'application/xml',
            'image/jpeg',
            'application/json; charset=utf-16',
          ),
          fc.uint8Array({ maxLength: 64 }),
        )
        .map(([contentType, bytes]) => ({ contentType, payload: Buffer.from(bytes) })),
    },
  );
}

const WITHOUT_BODY = new Set(['GET', 'HEAD']);

/** An example body a route takes, found by sending it there: the address and session it went with. */
export interface Accepted {
  method: string;
  url: string;
  body: unknown;
  /** Index into FuzzContext.cookies(). */
  cookie: number;
}

/** Answers that say the body's shape or the address was wrong: the example is not this route's. */
const REFUSED = new Set([400, 404, 405, 413, 415]);

/**
 * The examples `route` takes: each is sent as JSON, with each session, at the route's address with its
 * parameters filled by each known id, until one is not refused. The fuzz then mutates these, so a route
 * gets bodies that reach the code behind its validation whatever the route is.
 */
export async function acceptedExamples(
  app: FastifyInstance,
  route: FuzzedRoute,
  context: FuzzContext,
): Promise<Accepted[]> {
  const methods = route.methods.filter((m) => !WITHOUT_BODY.has(m));
  if (methods.length === 0) return [];
  const parameterised = /[:*]/.test(route.url);
  const fill = (id: string) =>
    route.url
      .split('/')
      .map((segment) => (segment === '*' ? 'x' : segment.replace(/:[A-Za-z0-9_]+/g, percentEncode(id))))
      .join('/');
  const urls = parameterised ? [...new Set(context.ids.map(fill))] : [route.url];
  const accepted: Accepted[] = [];
  const tries = urls.flatMap((url) =>
    methods.flatMap((method) => context.cookies().map((value, cookie) => ({ url, method, value, cookie }))),
  );
  // Enough to find each example's address among a few dozen ids, not a search of every pairing.
  let budget = 400;
  for (const body of context.examples) {
    const payload = JSON.stringify(numbered(body, 0));
    for (const { url, method, value, cookie } of tries) {
      if (--budget < 0) return accepted;
      const res = await app.inject({
        method: method as InjectOptions['method'],
        url,
        headers: { cookie: value, 'content-type': 'application/json', authorization: context.authorization },
        payload,
      });
      if (!REFUSED.has(res.statusCode)) {
        accepted.push({ method, url, body, cookie });
        break;
      }
    }
  }
  return accepted;
}

/** One request to `route`: its address fuzzed, a body for methods that take one, maybe a session. */
export function requestArb(
  route: FuzzedRoute,
  context: FuzzContext,
  picture: Buffer,
  accepted: readonly Accepted[] = [],
): fc.Arbitrary<InjectOptions> {
  const withBody = bodyArb(context, picture);
  const methodAndBody = fc
    .constantFrom(...route.methods)
    .chain((method) =>
      fc.tuple(
        fc.constant(method as InjectOptions['method']),
        WITHOUT_BODY.has(method) ? fc.constant<Body>({}) : withBody,
      ),
    );
  // Every case from its own address: per-address limits (logins, rebate codes) would otherwise
  // answer 429 after a few cases and hide the code behind them.
  const remoteAddress = fc.ipV4();
  const fuzzed = fc
    .record({
      url: addressArb(route, context),
      methodAndBody,
      // Half the cases with a real session (anonymous with a cart, or logged in), half without.
      cookie: fc.oneof(fc.constant(null), fc.nat()),
      authorized: fc.boolean(),
      host: fc.constantFrom(...context.hosts),
      remoteAddress,
    })
    .map(
      ({
        url,
        methodAndBody: [method, b],
        cookie: c,
        authorized,
        host,
        remoteAddress: from,
      }): InjectOptions => {
        const cookies = context.cookies();
        const headers: Record<string, string> = { host };
        if (c !== null && cookies.length > 0) headers.cookie = cookies[c % cookies.length]!;
        if (authorized) headers.authorization = context.authorization;
        if (b.contentType) headers['content-type'] = b.contentType;
        return {
          method,
          url,
          headers,
          remoteAddress: from,
          ...(b.payload !== undefined ? { payload: b.payload } : {}),
        };
      },
    );
  if (accepted.length === 0) return fuzzed;
  const shaped = shapedArb(context);
  const near = fc
    .constantFrom(...accepted)
    .chain((a) =>
      fc.record({
        accepted: fc.constant(a),
        body: mutatedArb([a.body], shaped),
        remoteAddress,
      }),
    )
    .map(({ accepted: a, body: b, remoteAddress: from }): InjectOptions => {
      const cookie = context.cookies()[a.cookie];
      return {
        method: a.method as InjectOptions['method'],
        url: a.url,
        headers: {
          'content-type': 'application/json',
          authorization: context.authorization,
          ...(cookie ? { cookie } : {}),
        },
        remoteAddress: from,
        payload: JSON.stringify(b) ?? 'null',
      };
    });
  return fc.oneof(fuzzed, near);
}

export interface FuzzFailure {
  route: string;
  status: number;
  body: string;
  request: { method?: string; url?: string; remoteAddress?: string; headers?: unknown; payload?: string };
}

/** Sends `numRuns` arbitrary requests to `route`; the first answer ≥ 500, or null when there is none. */
export async function fuzzRoute(
  app: FastifyInstance,
  route: FuzzedRoute,
  context: FuzzContext,
  picture: Buffer,
  numRuns: number,
  /** A fixed seed, for a run that must find the same thing every time (the suite's self-check). */
  seed?: number,
): Promise<FuzzFailure | null> {
  const accepted = await acceptedExamples(app, route, context);
  await context.replenish?.();
  let failure: FuzzFailure | null = null;
  let cases = 0;
  await fc.check(
    fc.asyncProperty(requestArb(route, context, picture, accepted), async (request) => {
      if (++cases % 100 === 0) await context.replenish?.();
      const res = await app.inject(request);
      if (res.statusCode < 500) return true;
      failure = {
        route: routeName(route),
        status: res.statusCode,
        body: res.body.slice(0, 300),
        request: {
          method: request.method as string,
          url: request.url as string,
          remoteAddress: request.remoteAddress,
          headers: request.headers,
          payload: request.payload === undefined ? undefined : String(request.payload).slice(0, 500),
        },
      };
      return false;
    }),
    // The first failure is reported as it is: shrinking would cost many more requests.
    { numRuns, endOnFailure: true, ...(seed === undefined ? {} : { seed }) },
  );
  return failure;
}
