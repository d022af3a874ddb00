import { type Effect, type Rotation, xphotoType } from '../../engine/image.ts';

/** S0 §9: the sizes the picture service makes. */
export type ScaleVersion = 160 | 320 | 640 | 1280;

/** The address of a picture from GET /system/XPhoto.php (S0 §7): one derivative of an uploaded picture. */
export function xphotoUrl(
  uuid: string,
  scaleversion: ScaleVersion = 320,
  effect: Effect = 'original',
  rotation: Rotation = 0,
): string {
  const query = new URLSearchParams({ uuid, scaleversion: String(scaleversion) });
  const type = xphotoType(effect);
  if (type) query.set('type', String(type));
  if (rotation) query.set('rotation', String(rotation));
  return `/system/XPhoto.php?${query}`;
}
