/**
 * The shop's public entry: the rules and contract shared by the app (src/) and the server. src/ and
 * server/ import shop only from here (the lint's layer rule in biome.json holds it).
 */

export * from './api/index.ts';
export * from './appRoutes.ts';
export * from './assetUrls.ts';
export * from './bulkEdit.ts';
export * from './categories.ts';
export * from './checkout.ts';
export * from './clientErrors.ts';
export * from './clock.ts';
export * from './contentImages.ts';
export * from './contract.ts';
export * from './customerForms.ts';
export * from './deliveryChoice.ts';
export * from './deliveryDates.ts';
export * from './firstScreen.ts';
export * from './holidays.ts';
export * from './jsonLocation.ts';
export * from './lab.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './orderKind.ts';
export * from './orderLimits.ts';
export * from './payment.ts';
export * from './paymentView.ts';
export * from './personalDates.ts';
export * from './photobook/index.ts';
export * from './previewSizes.ts';
export * from './pricing.ts';
export * from './printEdit.ts';
export * from './printQuality.ts';
export * from './production.ts';
export * from './productNames.ts';
export * from './resumableUploads.ts';
export * from './shipping.ts';
export * from './sizes.ts';
export * from './templateFile.ts';
export * from './templateLine.ts';
export * from './templateList.ts';
export * from './templateVersions.ts';
export * from './text.ts';
export * from './webManifest.ts';
