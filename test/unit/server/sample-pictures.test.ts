/**
 * The list previews' sample pictures (issue 31: every preview showed the same mountain lake): eight
 * landscapes, and each template starts at its own, so a list of templates shows a varied set.
 */
import { describe, expect, it } from 'vitest';
import {
  drawSamplePhoto,
  LIST_SAMPLE_PICTURES,
  SAMPLE_PICTURES,
  samplesFor,
} from '../../../server/render/sample-pictures.ts';
import { currentDemoTemplates } from '../../support/demoTemplates.ts';

/** The mean colour of a small drawing of a sample picture. */
function meanColour(seed: number): [number, number, number] {
  const canvas = drawSamplePhoto(64, 48, seed);
  const { data } = canvas.getContext('2d').getImageData(0, 0, 64, 48);
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  return sum.map((v) => v / (data.length / 4)) as [number, number, number];
}

describe('sample pictures for the list previews', () => {
  it('are eight landscapes of clearly different colours, the harness’s four among them unchanged', () => {
    expect(LIST_SAMPLE_PICTURES.slice(0, SAMPLE_PICTURES.length)).toEqual(SAMPLE_PICTURES);
    expect(new Set(LIST_SAMPLE_PICTURES.map((p) => p.uuid)).size).toBe(LIST_SAMPLE_PICTURES.length);
    const lake = meanColour(1);
    for (const seed of [5, 6, 7, 8]) {
      const other = meanColour(seed);
      const distance = Math.hypot(other[0] - lake[0], other[1] - lake[1], other[2] - lake[2]);
      expect(distance, `seed ${seed}`).toBeGreaterThan(20);
    }
  });

  it('start at another picture for different templates, the same for one template every time', () => {
    const templates = currentDemoTemplates();
    const firsts = templates.map((t) => samplesFor(t.uuid, LIST_SAMPLE_PICTURES)[0]!.uuid);
    // A list shows many of the eight first pictures, not one.
    expect(new Set(firsts).size).toBeGreaterThanOrEqual(5);
    const one = templates[0]!;
    expect(samplesFor(one.uuid, LIST_SAMPLE_PICTURES)).toEqual(samplesFor(one.uuid, LIST_SAMPLE_PICTURES));
    // Every picture is still offered, once.
    expect([...samplesFor(one.uuid, LIST_SAMPLE_PICTURES)].sort((a, b) => a.seed - b.seed)).toEqual(
      [...LIST_SAMPLE_PICTURES].sort((a, b) => a.seed - b.seed),
    );
    expect(samplesFor(one.uuid, [])).toEqual([]);
  });
});
