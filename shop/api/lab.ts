/**
 * The lab's order desk API (`/lab/api/…`): every call needs `Authorization: Bearer <LAB_PASSWORD>`
 * (401 without it, 403 when wrong, 429 after too many wrong ones). Programs that read the lab's
 * orders use these routes; docs/production.md points to their OpenAPI document.
 */
import {
  LabFileParams,
  LabFileQuery,
  LabOrderDetail,
  LabOrderPage,
  LabOrderParams,
  LabOrdersQuery,
  LabPaymentProblems,
  LabPaymentProblemsQuery,
  LabRefundRequest,
  LabStatusRequest,
  TemplatePublishAnswer,
  TemplatePublishRequest,
} from '../lab.ts';
import { Bytes, defineRoute, errors } from './route.ts';

const tags = ['lab'] as const;
/** Every desk call: the password missing, wrong, or too many wrong ones from this address. */
const auth = errors(401, 403, 429);

export const orders = defineRoute({
  method: 'GET',
  path: '/lab/api/orders',
  summary: 'Orders, newest first, a page at a time (`before`: the last uuid of the previous page)',
  tags,
  query: LabOrdersQuery,
  responses: { 200: LabOrderPage, ...auth, ...errors(400) },
});

export const order = defineRoute({
  method: 'GET',
  path: '/lab/api/orders/:orderUuid',
  summary: "One order with its manifest and its payment's detail",
  tags,
  params: LabOrderParams,
  responses: { 200: LabOrderDetail, ...auth, ...errors(400, 404) },
});

export const status = defineRoute({
  method: 'POST',
  path: '/lab/api/orders/:orderUuid/status',
  summary: 'Records what the lab did (printed, ready for pickup, shipped); answers the order',
  tags,
  params: LabOrderParams,
  body: LabStatusRequest,
  responses: { 200: LabOrderDetail, ...auth, ...errors(400, 404, 409) },
});

export const refund = defineRoute({
  method: 'POST',
  path: '/lab/api/orders/:orderUuid/refund',
  summary:
    'Refunds an amount (minor units; absent: what is left), or releases an authorisation not yet captured. Send an Idempotency-Key header per press',
  tags,
  params: LabOrderParams,
  body: LabRefundRequest,
  responses: { 200: LabOrderDetail, ...auth, ...errors(400, 404, 409, 502, 503) },
});

export const capture = defineRoute({
  method: 'POST',
  path: '/lab/api/orders/:orderUuid/capture',
  summary: 'Queues the capture of an authorised payment again (after the retries gave up)',
  tags,
  params: LabOrderParams,
  responses: { 200: LabOrderDetail, ...auth, ...errors(400, 404, 409) },
});

export const rerun = defineRoute({
  method: 'POST',
  path: '/lab/api/orders/:orderUuid/rerun',
  summary: "Makes the order's print files again",
  tags,
  params: LabOrderParams,
  responses: { 200: LabOrderDetail, ...auth, ...errors(400, 404, 409) },
});

export const paymentProblems = defineRoute({
  method: 'GET',
  path: '/lab/api/payments/problems',
  summary: 'Payments the lab must look at: amounts that did not match, captures that failed',
  tags,
  query: LabPaymentProblemsQuery,
  responses: { 200: LabPaymentProblems, ...auth, ...errors(400) },
});

export const publishTemplate = defineRoute({
  method: 'POST',
  path: '/lab/api/templates',
  summary: 'Publishes a template version with its art (base64); 400 or 409 list every problem (`problems`)',
  tags,
  body: TemplatePublishRequest,
  responses: { 201: TemplatePublishAnswer, ...auth, ...errors(400, 409, 413) },
});

export const zip = defineRoute({
  method: 'GET',
  path: '/lab/api/orders/:orderUuid/files.zip',
  summary: "The order's print files and manifest in one zip",
  tags,
  params: LabOrderParams,
  produces: ['application/zip'],
  responses: { 200: Bytes, ...auth, ...errors(400, 404, 409) },
});

export const file = defineRoute({
  method: 'GET',
  path: '/lab/api/orders/:orderUuid/files/:name',
  summary: 'One print file (JPEG or PDF), or with `width` a JPEG thumbnail of it',
  tags,
  params: LabFileParams,
  query: LabFileQuery,
  produces: ['image/jpeg', 'application/pdf'],
  responses: { 200: Bytes, ...auth, ...errors(400, 404) },
});

export const labRoutes = {
  orders,
  order,
  zip,
  file,
  status,
  refund,
  capture,
  rerun,
  paymentProblems,
  publishTemplate,
};
