/**
 * The route table of shop/api/ on the server (issue 30): fastify validates each route's params, query
 * and body with its zod schemas, serialises each answer from the schema of its status, and
 * GET /openapi.json describes every route from the same schemas (@fastify/swagger).
 *
 * A request the schemas refuse is a ZodError, which plugins/errors.ts answers 400 with the same
 * `invalid_request` body the handlers gave when they parsed their input themselves.
 */
import fastifySwagger from '@fastify/swagger';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnswerOf, ApiErrorAnswer, Bytes, type ParsedOf, type RouteSpec } from '../../shop/index.ts';

export interface ContractOptions {
  /**
   * An answer that does not match its schema: true (the tests) fails the request with a 500, so the
   * mismatch is found; false (production) logs it and sends the answer as it is, so a shopper never
   * loses a working page to a schema that is stricter than the code.
   */
  strictAnswers: boolean;
}

/** An answer its schema refuses (a bug of ours, never the client's). */
export class AnswerMismatch extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its schema: ${z.prettifyError(new z.ZodError(issues))}`);
  }
}

function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as z.ZodType;
  return (data: unknown) => {
    // fastify hands an absent body over as null; the handlers read a missing body as an empty one.
    const input = httpPart === 'body' && data === null ? {} : data;
    const result = zodSchema.safeParse(input);
    // A ZodError is an Error: fastify passes it to the error handler as it is.
    return result.success ? { value: result.data } : { error: result.error };
  };
}

function serializerCompiler(log: FastifyBaseLogger, strict: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      const result = z.safeEncode(zodSchema, data);
      if (result.success) return JSON.stringify(result.data);
      const mismatch = new AnswerMismatch(`${method} ${url}`, result.error.issues);
      if (strict) throw mismatch;
      log.error({ err: mismatch }, 'an answer does not match its schema');
      return JSON.stringify(data);
    };
  };
}

/** The document's description of the shop's API. */
const OPENAPI_INFO = {
  title: 'Print shop API',
  version: '1',
  description:
    "The shop's HTTP API: the storefront's calls (S0 §7, S1 §7, and /m/api/…) and the lab's order desk (/lab/api/…, `Authorization: Bearer <LAB_PASSWORD>`). Money is integer minor units; sizes are millimetres. Every 4xx and 5xx answer of the API is `{error, code}`.",
};

export const contractPlugin = fp(async (app: FastifyInstance, options: ContractOptions) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(app.log, options.strictAnswers));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: { lab: { type: 'http', scheme: 'bearer', description: 'LAB_PASSWORD' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document: every route of the shop and the lab, in OpenAPI 3.1',
        tags: ['api'],
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async () => app.swagger(),
  );
});

type Handler<R extends RouteSpec> = (
  request: FastifyRequest<{
    Params: ParsedOf<R, 'params'>;
    Querystring: ParsedOf<R, 'query'>;
    Body: ParsedOf<R, 'body'>;
  }>,
  reply: FastifyReply,
) => Promise<ReplyOf<R> | FastifyReply>;

/** Whatever the route may answer: its success, or an error body it sends with that error's status. */
type ReplyOf<R extends RouteSpec> = AnswerOf<R> | z.output<R['responses'][keyof R['responses']]>;

/** Errors any route may answer: a bad request, a limit, the database away, our own failure. */
const COMMON_ERRORS = { '4xx': ApiErrorAnswer, '5xx': ApiErrorAnswer };

/** A route's answers; a file's (its `produces`) under its own content type, never serialised as JSON. */
function responsesOf(route: RouteSpec): Record<string, unknown> {
  if (!route.produces) return route.responses;
  return Object.fromEntries(
    Object.entries(route.responses).map(([status, schema]) =>
      status.startsWith('2')
        ? [
            status,
            {
              description: route.summary,
              content: Object.fromEntries(route.produces!.map((type) => [type, { schema }])),
            },
          ]
        : [status, schema],
    ),
  );
}

/**
 * The OpenAPI description of a route outside the table that answers a file or a page, not JSON: its
 * content types, and the shared error answer. It validates nothing; the route reads its own input.
 */
export function fileRoute(summary: string, tags: readonly string[], contentTypes: readonly string[]) {
  return {
    summary,
    tags: [...tags],
    response: {
      200: {
        description: summary,
        content: Object.fromEntries(contentTypes.map((type) => [type, { schema: Bytes }])),
      },
      ...COMMON_ERRORS,
    },
  };
}

/** The OpenAPI description of a catch-all that only ever answers the shared error (404). */
export const errorOnlyRoute = (summary: string, tags: readonly string[]) => ({
  summary,
  tags: [...tags],
  response: COMMON_ERRORS,
});

/**
 * Registers one route of the table: its schemas validate the request and serialise the answer, and
 * describe it in /openapi.json. `options` carries the route's own fastify options (limits, hooks).
 */
export function serve<R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  options: RouteShorthandOptions,
  handler: Handler<R>,
): void;
export function serve<R extends RouteSpec>(app: FastifyInstance, route: R, handler: Handler<R>): void;
export function serve<R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  optionsOrHandler: RouteShorthandOptions | Handler<R>,
  maybeHandler?: Handler<R>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
  app.route({
    ...options,
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [...route.tags],
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.form ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      ...(route.consumes ? { consumes: [...route.consumes] } : {}),
      ...(route.path.startsWith('/lab/') ? { security: [{ lab: [] }] } : {}),
      response: { ...COMMON_ERRORS, ...responsesOf(route) },
    },
    handler: handler as never,
  });
}
