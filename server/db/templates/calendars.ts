/**
 * Demo wall calendars: a cover (picture and YEAR_STRING) and twelve month pages of one part type
 * (a picture each, a month grid, and a `MONTH(n)_YEAR_STRING` title per page).
 */
import type { Template } from '../../../engine/template.ts';
import {
  art,
  fixedText,
  font,
  imagePart,
  monthPages,
  monthPart,
  monthStyle,
  photo,
  template,
  textPart,
} from './helpers.ts';

/** A4 portrait, any year: a blue band carries each month's title above the grid. */
export function classicA4(): Template {
  const tagline = fixedText(
    'tagline',
    font('Playfair Display', 16, '#555555', { text: 'A year of pictures' }),
  );
  return template({
    slug: 'calendar-classic-a4',
    name: { en_GB: 'Classic A4', nb_NO: 'Klassisk A4', da_DK: 'Klassisk A4' },
    type: 'CALENDAR',
    categories: [],
    product: 'calendar-a4',
    dimensions: { width: 210, height: 297 },
    separateFromBackground: false,
    resources: [art('band', 'calendar-band.svg', 2100, 280), tagline],
    partTypes: [
      {
        id: 'cover',
        resources: [photo('photo')],
        renderParts: [
          imagePart('photo', { x: 10, y: 10, w: 190, h: 225 }),
          textPart('YEAR_STRING', { x: 10, y: 240, w: 190, h: 32 }, font('Bebas Neue', 60, '#2B6F9B')),
          textPart('tagline', { x: 10, y: 274, w: 190, h: 14 }, tagline.font!),
        ],
      },
      {
        id: 'month',
        resources: [photo('photo')],
        renderParts: [
          imagePart('photo', { x: 10, y: 10, w: 190, h: 150 }),
          imagePart('band', { x: 0, y: 166, w: 210, h: 28 }),
          monthPart(
            'grid',
            { x: 12, y: 200, w: 186, h: 88 },
            monthStyle('Roboto', 12, {
              heading: '#2B6F9B',
              week: '#9AA5B1',
              day: '#222222',
              extra: '#C8CED4',
              holiday: '#C52B2B',
            }),
          ),
        ],
      },
    ],
    pages: [
      { id: 'cover', typeId: 'cover', clientIgnore: false, months: {}, renderParts: [] },
      ...monthPages('month', { x: 12, y: 168, w: 186, h: 24 }, font('Playfair Display', 22, '#FFFFFF')),
    ],
  });
}

/** 20x30 for this year and the next two: pictures to the edge, a dark cover with a golden year. */
export function modern20x30(): Template {
  return template({
    slug: 'calendar-modern-20x30',
    name: { en_GB: 'Modern 20x30', nb_NO: 'Moderne 20x30', da_DK: 'Moderne 20x30' },
    type: 'CALENDAR',
    categories: [],
    product: 'calendar-20x30',
    dimensions: { width: 200, height: 300 },
    separateFromBackground: false,
    yearsAhead: 2,
    resources: [art('cover-frame', 'cover-frame.svg', 2000, 3000)],
    partTypes: [
      {
        id: 'cover',
        resources: [photo('photo')],
        renderParts: [
          imagePart('cover-frame', { x: 0, y: 0, w: 200, h: 300 }),
          imagePart('photo', { x: 14, y: 14, w: 172, h: 230 }),
          textPart('YEAR_STRING', { x: 14, y: 248, w: 172, h: 24 }, font('Oswald', 40, '#E9D18A')),
        ],
      },
      {
        id: 'month',
        resources: [photo('photo')],
        renderParts: [
          imagePart('photo', { x: 0, y: 0, w: 200, h: 190 }),
          monthPart(
            'grid',
            { x: 10, y: 222, w: 180, h: 70 },
            monthStyle(
              'Montserrat',
              11,
              { heading: '#1D2A38', week: '#A0A0A0', day: '#1D2A38', extra: '#D0D0D0', holiday: '#C52B87' },
              1,
            ),
          ),
        ],
      },
    ],
    pages: [
      { id: 'cover', typeId: 'cover', clientIgnore: false, months: {}, renderParts: [] },
      ...monthPages(
        'month',
        { x: 10, y: 196, w: 180, h: 22 },
        font('Montserrat', 20, '#1D2A38', { horizontalAlign: 'left' }),
      ),
    ],
  });
}

export const demoCalendars = (): Template[] => [modern20x30(), classicA4()];
