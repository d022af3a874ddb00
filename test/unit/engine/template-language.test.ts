import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../engine/instance.ts';
import { parseTemplate, type Template, templateInLanguage } from '../../../engine/template.ts';
import { systemClock } from '../../../shop/clock.ts';
import { currentDemoTemplates } from '../../support/demoTemplates.ts';

/** A demo template with a suggested text, its text slots given Norwegian words. */
function withNorwegianTexts(): { template: Template; english: string } {
  const template = currentDemoTemplates().find((t) =>
    t.resources.some((r) => r.type === 'STRING' && r.userSupplied && r.font?.text),
  )!;
  const resource = template.resources.find((r) => r.type === 'STRING' && r.userSupplied && r.font?.text)!;
  const english = resource.font!.text!;
  resource.font!.texts = { nb_NO: 'Takk!' };
  return { template, english };
}

describe('suggested texts per language', () => {
  it('accepts a language map next to the text', () => {
    expect(parseTemplate(withNorwegianTexts().template).ok).toBe(true);
  });

  it("suggests the portal language's text, and the author's text where the language has none", () => {
    const { template, english } = withNorwegianTexts();
    const texts = (t: Template) =>
      Object.values(createInstance(t, systemClock.now()).resources).flatMap((v) =>
        v.type === 'STRING' ? [v.text] : [],
      );
    expect(texts(templateInLanguage(template, 'nb_NO'))).toContain('Takk!');
    expect(texts(templateInLanguage(template, 'da_DK'))).toContain(english);
    expect(texts(templateInLanguage(template, 'da_DK'))).not.toContain('Takk!');
  });
});
