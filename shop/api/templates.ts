/** Template lists, categories and single templates (S1 §7), and a calendar's holidays. */
import { z } from 'zod';
import { TemplateFields } from '../../engine/index.ts';
import { OwnPreviewQuery } from '../previewSizes.ts';
import { Bytes, defineRoute, errors } from './route.ts';

const tags = ['templates'] as const;

/** A template as served: the model with its count fields computed (engine/template.ts). */
export const TemplateAnswer = TemplateFields.extend({
  hasUserText: z.boolean(),
  numUserImages: z.number(),
  numUserParts: z.number(),
});

const ListType = z.enum(['cards', 'calendars', 'photogift', 'photobooks'], {
  error: 'the template type must be cards, calendars, photogift or photobooks',
});
export const CategoryParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a category is 1 to 64 letters, digits, _ or -');
const UuidParam = z.string().uuid('the template uuid is not a valid uuid');
const Names = z.record(z.string(), z.string()).meta({ description: 'By language (en_GB, nb_NO, da_DK)' });

export const list = defineRoute({
  method: 'GET',
  path: '/m/api/templates/:type',
  summary: "The portal's templates of a type",
  tags,
  params: z.object({ type: ListType }),
  responses: { 200: z.array(TemplateAnswer), ...errors(400) },
});

export const categoryList = defineRoute({
  method: 'GET',
  path: '/m/api/templates/:type/categories/:category',
  summary: 'The templates of a type in one category',
  tags,
  params: z.object({ type: ListType, category: CategoryParam }),
  responses: { 200: z.array(TemplateAnswer), ...errors(400) },
});

export const cardCategories = defineRoute({
  method: 'GET',
  path: '/m/api/templates/cards/categories',
  summary: 'The card categories with their names, and the one shown first',
  tags,
  responses: {
    200: z.object({
      categories: z.array(z.object({ category: z.string(), names: Names })),
      defaultCategory: z.string().nullable(),
    }),
  },
});

export const photogiftCategoryInfo = defineRoute({
  method: 'GET',
  path: '/m/api/templates/photogift/categories/:category/info',
  summary: "A photo gift category's names and whether its pictures sit apart from the background",
  tags,
  params: z.object({ category: CategoryParam }),
  responses: {
    200: z.object({ names: Names, separateFromBackground: z.boolean() }),
    ...errors(400, 404),
  },
});

export const byUuid = defineRoute({
  method: 'GET',
  path: '/m/api/templates/by-uuid/:uuid',
  summary: "A template's current version",
  tags,
  params: z.object({ uuid: UuidParam }),
  responses: { 200: TemplateAnswer, ...errors(400, 404) },
});

export const byVersion = defineRoute({
  method: 'GET',
  path: '/m/api/templates/by-uuid/:uuid/:version',
  summary: "One version of a template (a cart line's)",
  tags,
  params: z.object({
    uuid: UuidParam,
    version: z
      .string()
      .regex(/^[1-9][0-9]{0,8}$/, 'the version must be a positive whole number')
      .transform(Number),
  }),
  responses: { 200: TemplateAnswer, ...errors(400, 404) },
});

export const ownPreview = defineRoute({
  method: 'GET',
  path: '/m/api/templates/by-uuid/:uuid/own-preview.jpg',
  summary: "A template's first page drawn with the shopper's own pictures",
  tags,
  params: z.object({ uuid: UuidParam }),
  query: OwnPreviewQuery,
  produces: ['image/jpeg'],
  responses: { 200: Bytes, ...errors(400, 404, 429) },
});

export const holidays = defineRoute({
  method: 'GET',
  path: '/m/api/holidays',
  summary: 'The public holidays a calendar of this portal marks over its twelve months',
  tags,
  query: z.object({
    year: z.coerce.number().int('year must be a whole number').min(1900).max(2200),
    startMonth: z.coerce.number().int('startMonth must be a whole number').min(1).max(12).default(1),
  }),
  responses: {
    200: z.object({ holidays: z.array(z.object({ date: z.string(), name: z.string() })) }),
    ...errors(400),
  },
});

export const templateRoutes = {
  list,
  categoryList,
  cardCategories,
  photogiftCategoryInfo,
  byUuid,
  byVersion,
  ownPreview,
  holidays,
};
