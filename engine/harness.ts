/**
 * The author harness's instance: what a template looks like with sample pictures in every picture
 * slot, for a chosen year. ONE pure function, used by the browser harness (react-konva) and by the
 * server's harness render endpoint (Konva on @napi-rs/canvas), so both renderers draw the same scene;
 * also what a template list tile shows with the shopper's own pictures and the design the editor then
 * starts with (server/services/previews.ts, src/features/editor/EditorScreen.tsx).
 */
import { isYearAllowed } from './calendar.ts';
import { createInstance, type Instance, type PictureRef, run, startHistory } from './instance.ts';
import type { Template } from './template.ts';

/**
 * The template's instance with `samplePictures` autofilled (S1 §4's rule: same orientation first)
 * and, for a calendar, `year` when the shopper could choose it (else the template's default year).
 */
export function harnessInstance(
  template: Template,
  year: number | null,
  samplePictures: readonly PictureRef[],
  today: Date,
): Instance {
  let h = startHistory(createInstance(template, today));
  h = run(template, h, 'autofill', [...samplePictures]);
  if (year !== null) h = run(template, h, 'setYear', year, today);
  return h.instance;
}

/**
 * The years the harness offers for a calendar: the supported years a shopper may still choose, or,
 * when the template supports any year, this year and the next three. Other templates: none.
 */
export function harnessYears(template: Template, today: Date): number[] {
  if (template.type !== 'CALENDAR') return [];
  if (template.year !== null && template.supportedYears.length === 0) return [template.year];
  const candidates =
    template.supportedYears.length > 0
      ? [...template.supportedYears].sort((a, b) => a - b)
      : [0, 1, 2, 3].map((n) => today.getFullYear() + n);
  return candidates.filter((y) => isYearAllowed(y, template.supportedYears, today));
}
