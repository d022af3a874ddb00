/**
 * The HTTP contract's route table (issue 30): each route's method, path, and zod schemas for its
 * params, query, body and every answer. The server registers these (server/plugins/contract.ts), the
 * app calls through them (src/api/call.ts), and GET /openapi.json is generated from them.
 */
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every 4xx and 5xx answer of our own API (server/plugins/errors.ts): a message in the portal's
 * language and a stable code; a refused form adds `fields`, a refused template `problems`, so other
 * fields pass through.
 */
export const ApiErrorAnswer = z
  .looseObject({
    error: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });

/** A route of the table. `form`: the legacy .php calls take a form-encoded body (S0 §7). */
export interface RouteSpec {
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  /** The area it belongs to (the OpenAPI document's tag). */
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly form?: boolean;
  /** The request's body types when it is not JSON (a multipart upload), read by the route itself. */
  readonly consumes?: readonly string[];
  /** The success answer's content types when it is not JSON (a picture, a zip); its schema is {@link Bytes}. */
  readonly produces?: readonly string[];
  /** Status → schema of that answer: the success and each error the route itself gives. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

/** The error answers a route gives, each the shared {@link ApiErrorAnswer}. */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ApiErrorAnswer } {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorAnswer])) as {
    [K in S[number]]: typeof ApiErrorAnswer;
  };
}

/** An answer that is a file's bytes, not JSON (the route's `produces` names its type). */
export const Bytes = z.string().meta({ format: 'binary' });

/** An answer with no body (204). */
export const NoContent = z.undefined().meta({ description: 'No content' });

type SuccessStatus = 200 | 201 | 204;
type SchemaAt<R extends RouteSpec, S> = S extends keyof R['responses'] ? R['responses'][S] : never;

/** What a route answers when it succeeds. */
export type AnswerOf<R extends RouteSpec> = z.output<SchemaAt<R, SuccessStatus>>;

type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a client gives a route: its path's params, its query, its body, as the schemas take them. */
export type InputOf<R extends RouteSpec> = Part<R, 'params'> & Part<R, 'query'> & Part<R, 'body'>;

/** The server's view of a request's parts, as the schemas made them. */
export type ParsedOf<R extends RouteSpec, K extends 'params' | 'query' | 'body'> = R extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : unknown;

export { routeUrl } from './url.ts';
