/**
 * The shopper's identity and account (S0 §7's legacy login and sign-up, issue 28's login links),
 * their orders and receipts, saved dates and designs (issues 14, 18).
 */
import { z } from 'zod';
import type { Instance } from '../../engine/index.ts';
import { Font } from '../../engine/index.ts';
import {
  LoginLinkAnswer,
  LoginLinkRedeem,
  LoginLinkRequest,
  LoginRequest,
  LogoutAnswer,
  MyOrder,
  Receipt,
  SignedIn,
  SignUpRequest,
} from '../checkout.ts';
import { LineImage, Me, PictureRegionsShape } from '../contract.ts';
import { defineRoute, errors, NoContent } from './route.ts';
import { TemplateAnswer } from './templates.ts';

const identity = ['identity'] as const;
const account = ['account'] as const;

export const me = defineRoute({
  method: 'GET',
  path: '/m/api/user/me',
  summary: 'Who is logged in (with the address fields given at sign-up), or that nobody is',
  tags: identity,
  responses: { 200: Me },
});

export const login = defineRoute({
  method: 'POST',
  path: '/ajax/login.php',
  summary: 'Logs in with email and password (form-encoded, S0 §7); the cart comes along',
  tags: identity,
  body: LoginRequest,
  form: true,
  responses: { 200: SignedIn, ...errors(400, 401, 429) },
});

export const signUp = defineRoute({
  method: 'POST',
  path: '/ajax/create.php',
  summary: 'Creates an account and logs in (form-encoded, S0 §7); a refused form is a 400 with `fields`',
  tags: identity,
  body: SignUpRequest,
  form: true,
  responses: { 200: SignedIn, ...errors(400, 409, 429) },
});

export const loginLink = defineRoute({
  method: 'POST',
  path: '/m/api/user/login-link',
  summary: 'Mails a one-time login link to the account with this address (the same answer either way)',
  tags: identity,
  body: LoginLinkRequest,
  responses: { 200: LoginLinkAnswer, ...errors(400, 429) },
});

export const redeemLoginLink = defineRoute({
  method: 'POST',
  path: '/m/api/user/login-link/redeem',
  summary: "Logs in with a login link's token, as a password login would",
  tags: identity,
  body: LoginLinkRedeem,
  responses: { 200: SignedIn, ...errors(400, 429) },
});

export const logout = defineRoute({
  method: 'POST',
  path: '/m/api/user/logout',
  summary: 'Ends the session',
  tags: identity,
  responses: { 200: LogoutAnswer },
});

export const receipt = defineRoute({
  method: 'GET',
  path: '/m/api/order/:orderUuid/receipt',
  summary:
    "An order's receipt: for the session or account that placed it, or with the signed `key` of the order mail's link (issue 34)",
  tags: account,
  params: z.object({ orderUuid: z.string().uuid('The order id is not a valid uuid') }),
  query: z.object({ key: z.string().max(200, 'The link key is too long').optional() }),
  responses: { 200: Receipt, ...errors(400, 404) },
});

export const myOrders = defineRoute({
  method: 'GET',
  path: '/m/api/orders',
  summary: "A logged-in shopper's orders, newest first",
  tags: account,
  responses: { 200: z.object({ orders: z.array(MyOrder) }), ...errors(401) },
});

export const findOrder = defineRoute({
  method: 'POST',
  path: '/m/api/orders/find',
  summary:
    'Find my order (issue 34): the order of this email address and reference gets its receipt link by mail; the answer is the same whether or not one matched',
  tags: account,
  body: z.object({
    email: z.string().trim().min(1, 'Email address is required').max(254).email('Invalid email format'),
    reference: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{8}$/, 'The order reference is the 8 letters and digits on your receipt'),
  }),
  responses: { 200: z.object({ result: z.literal('OK') }), ...errors(400, 429) },
});

export const personalDates = defineRoute({
  method: 'GET',
  path: '/m/api/user/personal-dates',
  summary: 'The yearly dates the account keeps from its calendars (none for a visitor)',
  tags: account,
  responses: {
    200: z.object({
      personalDates: z.array(
        z.object({ day: z.number(), month: z.number(), text: z.string(), yearly: z.boolean() }),
      ),
    }),
  },
});

export const recentImages = defineRoute({
  method: 'GET',
  path: '/m/api/user/recent-images',
  summary:
    "The session's pictures, newest first, with their upright sizes and, once analysed, their faces and salient region",
  tags: account,
  responses: {
    200: z.object({
      images: z.array(
        z.object({
          uuid: z.string(),
          width: z.number(),
          height: z.number(),
          /** The picture analysis (issue 32); null while it has not run. */
          regions: PictureRegionsShape.nullable().optional(),
        }),
      ),
    }),
  },
});

// ---- My designs (issue 18) ----

const DesignParams = z.object({ templateUuid: z.string().uuid('the template uuid is not a valid uuid') });
/** The editor's instance (engine/instance.ts), as the server kept it after checking it (keptInstance). */
const DesignInstance = z.object({
  templateUuid: z.string(),
  templateVersion: z.number(),
  year: z.number(),
  startMonth: z.number().optional(),
  personalDates: z
    .array(z.object({ day: z.number(), month: z.number(), text: z.string(), yearly: z.boolean() }))
    .optional(),
  holidays: z.boolean().optional(),
  currentPageId: z.string(),
  currentResourceId: z.string().nullable(),
  resources: z.record(
    z.string(),
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('IMAGE'), image: LineImage.nullable() }),
      z.object({ type: z.literal('STRING'), text: z.string(), font: Font }),
    ]),
  ),
  dirty: z.boolean(),
}) satisfies z.ZodType<Instance>;
const AccountDesign = z.object({ instance: DesignInstance, savedAt: z.string() });

export const designs = defineRoute({
  method: 'GET',
  path: '/m/api/user/designs',
  summary: "The account's unfinished designs, last changed first, each with its template",
  tags: account,
  responses: {
    200: z.object({
      designs: z.array(z.object({ template: TemplateAnswer, savedAt: z.string() })),
    }),
    ...errors(401),
  },
});

export const design = defineRoute({
  method: 'GET',
  path: '/m/api/user/designs/:templateUuid',
  summary: "The account's design of a template, and whether anyone is logged in",
  tags: account,
  params: DesignParams,
  responses: { 200: z.object({ signedIn: z.boolean(), design: AccountDesign.nullable() }), ...errors(400) },
});

export const saveDesign = defineRoute({
  method: 'PUT',
  path: '/m/api/user/designs/:templateUuid',
  summary: 'Saves a design with the account; kept only when newer than the one it has',
  tags: account,
  params: DesignParams,
  body: z.object({
    instance: z.record(z.string(), z.unknown(), { error: 'instance is the editor’s design, an object' }),
    savedAt: z.iso.datetime({ offset: true, error: 'savedAt is when the change was made (ISO 8601)' }),
  }),
  responses: { 200: z.object({ design: AccountDesign, kept: z.boolean() }), ...errors(400, 401, 413) },
});

export const deleteDesign = defineRoute({
  method: 'DELETE',
  path: '/m/api/user/designs/:templateUuid',
  summary: "Removes the account's design of a template",
  tags: account,
  params: DesignParams,
  responses: { 204: NoContent, ...errors(400, 401) },
});

export const accountRoutes = {
  me,
  login,
  signUp,
  loginLink,
  redeemLoginLink,
  logout,
  receipt,
  myOrders,
  findOrder,
  personalDates,
  recentImages,
  designs,
  design,
  saveDesign,
  deleteDesign,
};
