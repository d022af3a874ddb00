/**
 * Photo books made from the shopper's pictures (issue 33): the auto-create job and its progress. The
 * job's `design` is the body the editor would POST to /m/api/webshop/cart for that book.
 */
import { z } from 'zod';
import { TemplateLineAdd } from '../contract.ts';
import { defineRoute, errors } from './route.ts';

const tags = ['photobooks'] as const;

/** The pictures a book is made from: the 20 to 300 (a smaller book is made by hand). */
export const AUTOCREATE_PICTURES = { min: 20, max: 300 } as const;

export const AutocreateBody = z.object({
  template: z.string().uuid('template is the photo book template’s uuid'),
  pictures: z
    .array(z.string().uuid('each picture is an uploaded picture’s uuid'))
    .min(AUTOCREATE_PICTURES.min, `a book is made from at least ${AUTOCREATE_PICTURES.min} pictures`)
    .max(AUTOCREATE_PICTURES.max, `a book is made from at most ${AUTOCREATE_PICTURES.max} pictures`)
    .refine((uuids) => new Set(uuids).size === uuids.length, 'a picture is given once'),
});
export type AutocreateBody = z.infer<typeof AutocreateBody>;

export const AUTOCREATE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const DROP_REASONS = ['duplicate', 'blurred', 'no-room', 'unreadable'] as const;

export const AutocreateAnswer = z.object({
  status: z.enum(AUTOCREATE_STATUSES),
  progress: z.number().min(0).max(1),
  /** The cart line's body once done; null before, and when it failed. */
  design: TemplateLineAdd.nullable(),
  /** Pictures left out and why, so the shopper can put them back. */
  dropped: z.array(z.object({ uuid: z.string().uuid(), reason: z.enum(DROP_REASONS) })),
});
export type AutocreateAnswer = z.infer<typeof AutocreateAnswer>;

export const autocreate = defineRoute({
  method: 'POST',
  path: '/m/api/photobooks/autocreate',
  summary: 'Starts making a photo book from pictures the shopper uploaded; answers the job to ask about',
  tags,
  body: AutocreateBody,
  responses: { 200: z.object({ job: z.string().uuid() }), ...errors(400, 404) },
});

export const autocreateStatus = defineRoute({
  method: 'GET',
  path: '/m/api/photobooks/autocreate/:job',
  summary: 'How far an auto-create job is, and its book when done',
  tags,
  params: z.object({ job: z.string().uuid('the job is the uuid the start answered') }),
  responses: { 200: AutocreateAnswer, ...errors(400, 404) },
});

export const photobookRoutes = { autocreate, autocreateStatus };
