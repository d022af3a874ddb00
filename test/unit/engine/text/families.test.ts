import { describe, expect, it } from 'vitest';
import { fontFamiliesOf } from '../../../../engine/text/families.ts';
import { currentDemoTemplates } from '../../../support/demoTemplates.ts';

describe('fontFamiliesOf: the fonts a template or a design names', () => {
  it('finds family and overrideFamily anywhere, once each, sorted', () => {
    const template = {
      parts: [
        { font: { family: 'Montserrat' } },
        { month: { cells: { day: { font: { family: 'Oswald' } } } } },
      ],
      resources: [{ font: { family: 'Montserrat', overrideFamily: 'Lobster' } }],
    };
    expect(fontFamiliesOf(template)).toEqual(['Lobster', 'Montserrat', 'Oswald']);
  });

  it('takes several values, and ignores what is not a font name', () => {
    expect(
      fontFamiliesOf(null, undefined, 'Lobster', [{ family: 'Roboto' }], { family: '  ' }, { family: 3 }),
    ).toEqual(['Roboto']);
    expect(
      fontFamiliesOf({ instance: { resources: { t: { font: { overrideFamily: 'Pacifico' } } } } }),
    ).toEqual(['Pacifico']);
  });

  it('names at least one font of every demo template with text, and never all 15', () => {
    for (const template of currentDemoTemplates()) {
      const families = fontFamiliesOf(template);
      if (template.hasUserText) expect(families.length, template.name.en_GB).toBeGreaterThan(0);
      expect(families.length, template.name.en_GB).toBeLessThan(15);
    }
  });
});
