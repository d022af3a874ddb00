import { describe, expect, it } from 'vitest';
import { commitText, sanitizeText, sizeSliderRange } from '../../../../engine/text/layout.ts';

describe('sanitizeText (S1 §5)', () => {
  it.each([
    ['emoji', 'Hi 😀 there', 'Hi there'],
    ['emoji with variation selector', 'I ❤️ you', 'I you'],
    ['ZWJ sequence', 'Family 👨‍👩‍👧‍👦!', 'Family !'],
    ['ZWJ sequence between letters', 'a👩‍💻b', 'ab'],
    ['skin tone', 'ok 👍🏽', 'ok '],
    ['flag', 'Danmark 🇩🇰', 'Danmark '],
    ['subdivision flag (tags)', 'England 🏴󠁧󠁢󠁥󠁮󠁧󠁿', 'England '],
    ['keycap keeps the digit', 'Nr 1️⃣', 'Nr 1'],
    ['bare ZWJ and variation selectors', 'a\u200Db\uFE0Fc\uFE0E', 'abc'],
    ['LF is kept', 'Happy\nBirthday', 'Happy\nBirthday'],
    ['CRLF and CR become one LF each', 'a\r\nb\rc', 'a\nb\nc'],
    [
      'line and paragraph separators, VT, FF and NEL become LF',
      'a\u2028b\u2029c\vd\fe\u0085f',
      'a\nb\nc\nd\ne\nf',
    ],
    ['an empty line between paragraphs stays', 'Dear friends,\n\nLove', 'Dear friends,\n\nLove'],
    ['spaces around a line break stay while typing', 'a \n b', 'a \n b'],
    ['whitespace runs', 'a    b', 'a b'],
    ['tabs', 'a\t\tb \t c', 'a b c'],
    ['no-break and other spaces', 'a\u00A0\u2003b', 'a b'],
    ['control characters', 'a\u0000b\u0007c\u001Bd', 'abcd'],
    ['bidi controls and BOM', '\uFEFFa\u202Eb', 'ab'],
    ['leading and trailing spaces are kept (typing)', '  Hello  ', ' Hello '],
    ['text characters stay', 'Æblegrød på Ærø — «Ñandú» © Åse ™ ®', 'Æblegrød på Ærø — «Ñandú» © Åse ™ ®'],
    ['combining accents stay', 'Cafe\u0301', 'Cafe\u0301'],
    ['©️ keeps the ©', '©️ Åse', '© Åse'],
    ['digits, # and * stay', '#1 * 2', '#1 * 2'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it('collapses the space left by a removed emoji', () => {
    expect(sanitizeText('a 🎂 b')).toBe('a b');
  });

  it('commitText also trims', () => {
    expect(commitText('  Hello   world 🎉  ')).toBe('Hello world');
    expect(commitText('\n \t ')).toBe('');
  });

  it('commitText trims each line and drops empty lines at the ends, not inside', () => {
    expect(commitText('\n\n  Dear friends, \r\n thank you \n\n Love, Anna \n')).toBe(
      'Dear friends,\nthank you\n\nLove, Anna',
    );
  });
});

describe('sizeSliderRange (S1 §5)', () => {
  it.each([
    [10, 12, 72],
    [24, 12, 72],
    [40, 20, 80],
    [36, 18, 72],
    [30, 15, 72],
    [100, 50, 200],
  ])('template %d pt → %d..%d', (template, min, max) => {
    expect(sizeSliderRange(template)).toEqual({ min, max });
  });
});
