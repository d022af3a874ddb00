/**
 * The HTTP contract's route table (issue 30), one module per area. The server registers every route
 * from it (server/plugins/contract.ts), the app calls through it (src/api/call.ts), and
 * GET /openapi.json is generated from its schemas.
 */
export { accountRoutes } from './account.ts';
export { cartRoutes } from './cart.ts';
export { checkoutRoutes } from './checkout.ts';
export { devRoutes } from './dev.ts';
export { labRoutes } from './lab.ts';
export { paymentProviderRoutes } from './payments.ts';
export { AUTOCREATE_PICTURES, AutocreateAnswer, AutocreateBody, photobookRoutes } from './photobooks.ts';
export { pictureRoutes } from './pictures.ts';
export { ClientErrorReportSchema, reportRoutes } from './reports.ts';
export * from './route.ts';
export { ContentPageAnswer, storefrontRoutes } from './storefront.ts';
export { TemplateAnswer, templateRoutes } from './templates.ts';
