/**
 * The text engine: fonts, HarfBuzz shaping, measuring, glyph outlines and slot layout.
 * Pure TypeScript (no DOM, no Node APIs, no I/O): font bytes are handed to `FontSet.add`.
 */
export type { CatalogueEntry, FontFamily } from './catalogue.ts';
export { catalogueEntry, FONT_CATALOGUE, FONT_FAMILIES, isFontFamily } from './catalogue.ts';
export { fontFamiliesOf } from './families.ts';
export type { FontSet, FontSetOptions, HarfBuzzApi, LoadedFont } from './fonts.ts';
export {
  addFonts,
  createFontSet,
  DEFAULT_SHAPE_CACHE_SIZE,
  loadHarfBuzz,
  UnknownFontError,
} from './fonts.ts';
export type { PathSink } from './glyphs.ts';
export { glyphOutline, outlineToSvgPath, traceOutline } from './glyphs.ts';
export type {
  FontChange,
  FontOverrides,
  LaidOutGlyph,
  RefusalReason,
  Refused,
  TemplateFontFields,
  TextChange,
  TextLayout,
  TextLine,
} from './layout.ts';
export {
  autoShrink,
  commitText,
  effectiveFont,
  layoutText,
  MIN_TEXT_SIZE_PT,
  overridesFor,
  sanitizeText,
  sizeSliderRange,
  tryChangeFamily,
  tryChangeSize,
  tryChangeText,
} from './layout.ts';
export { lineHeightPt, MM_PER_PT, measureText, mmToPt, ptToMm } from './measure.ts';
export { shapeRun, shapeText } from './shape.ts';
export type {
  FontMetrics,
  HorizontalAlign,
  OutlineCommand,
  ShapedGlyph,
  ShapedRun,
  TextBox,
  TextShadow,
  TextStyle,
  VerticalAlign,
} from './types.ts';
