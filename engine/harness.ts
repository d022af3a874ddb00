/**
 * The author harness's instance: what a template looks like with sample pictures in every picture
 * slot, for a chosen year. ONE pure function, used by the browser harness (Konva, PageCanvas) and by the
 * server's harness render endpoint (Konva on @napi-rs/canvas), so both renderers draw the same scene;
 * also what a template list tile shows with the shopper's own pictures and the design the editor then
 * starts with (server/services/templates/previews.ts, src/features/editor/EditorScreen.tsx).
 */
import { selectableYears } from './calendar.ts';
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

/** The years the harness offers for a calendar: the ones a shopper may choose. Other templates: none. */
export function harnessYears(template: Template, today: Date): number[] {
  return template.type === 'CALENDAR' ? selectableYears(template, today) : [];
}
