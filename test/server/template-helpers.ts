/** What server tests of template lines share. */
import { createInstance, type Instance } from '../../engine/instance.ts';
import type { Template } from '../../engine/template.ts';

/** A template's instance on `today` with the picture (whole) in every picture slot. */
export function filled(
  template: Template,
  picture: { uuid: string; width: number; height: number },
  today: Date,
): Instance {
  const instance: Instance = createInstance(template, today);
  for (const [fullId, value] of Object.entries(instance.resources)) {
    if (value.type !== 'IMAGE') continue;
    instance.resources[fullId] = {
      type: 'IMAGE',
      image: { ...picture, rotation: 0, effect: 'original', cropRect: { x: 0, y: 0, width: 1, height: 1 } },
    };
  }
  return instance;
}
