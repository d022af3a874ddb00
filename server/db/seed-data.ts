/**
 * Demo data: three portals (English default, Norwegian regional variant, US in inches), each with
 * hosts, a three-level menu, content pages using every module type, categories of every type and
 * print formats with tiered and campaign prices. Ids are derived from names so a re-seed is stable.
 * The template products, categories and demo templates (the same in every portal) are in templates/.
 */
import { createHash } from 'node:crypto';
import type { MenuItem } from '../../shop/contract.ts';

export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`print-shop:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface SeedPortal {
  uuid: string;
  name: string;
  isDefault: boolean;
  hosts: string[];
  locale: string;
  useMetricSystem: boolean;
  currencyCode: string;
  currencyFormat: string;
  logo: { src: string; alt: string; href: string; external: boolean };
  freeShippingThreshold: number | null;
  askAutoCorrection: boolean;
  minimumPrice: number;
  companyName: string;
  regional: boolean;
  externalGiftSite: string | null;
  menu: MenuItem[];
  pages: { pageId: string; title: string; modules: Record<string, unknown>[] }[];
  categories: {
    type: string;
    category: string;
    link: string | null;
    image: string;
    title: string;
    description: string;
  }[];
  /** Minor units of this portal's currency per penny: template product prices are scaled by it. */
  priceScale: number;
  /** Price per print in minor units at 1, 50 and 100 prints; campaign price at every tier when set. */
  printFormats: {
    name: string;
    widthMm: number;
    heightMm: number;
    prices: [number, number, number];
    campaign?: number;
    whiteBorder?: boolean;
    minQuantity?: number;
  }[];
}

interface Words {
  home: string;
  products: string;
  prints: string;
  cards: string;
  christmasCards: string;
  birthdayCards: string;
  calendars: string;
  gifts: string;
  mugs: string;
  canvas: string;
  help: string;
  delivery: string;
  contact: string;
  about: string;
  slides: [string, string, string][];
  buttonText: string;
  promoTitle: string;
  welcome: string;
  paragraph: string;
  paragraphHtml: string;
  richText: string;
  imageAlt: string;
  catCards: [string, string];
  catCalendars: [string, string];
  catMug: [string, string];
  catCanvas: [string, string];
  catPrints: [string, string];
  catPhotobook: [string, string];
  helpTitle: string;
  helpText: string;
  deliveryTitle: string;
  deliveryText: string;
  aboutTitle: string;
  aboutText: string;
}

const english: Words = {
  home: 'Home',
  products: 'Products',
  prints: 'Photo prints',
  cards: 'Cards',
  christmasCards: 'Christmas cards',
  birthdayCards: 'Birthday cards',
  calendars: 'Calendars',
  gifts: 'Photo gifts',
  mugs: 'Mugs',
  canvas: 'Canvas',
  help: 'Help',
  delivery: 'Delivery',
  contact: 'Contact us',
  about: 'About us',
  slides: [
    ['/m/img/slide-1.svg', 'Your photos, printed beautifully', 'Prints from your phone in minutes.'],
    ['/m/img/slide-2.svg', 'Cards that say it your way', 'Add your pictures and your words.'],
    ['/m/img/slide-3.svg', 'A year of memories', 'Make a wall calendar with your own photos.'],
  ],
  buttonText: 'Start now',
  promoTitle: 'Make something',
  welcome: 'Welcome to Print Shop',
  paragraph:
    'Upload straight from your phone.\nChoose a format, crop and filter.\nCollect in store or have it posted.',
  paragraphHtml: '<p>Prints are made on <strong>premium photo paper</strong>.</p>',
  richText:
    '<h3>Why print with us</h3><ul><li>What you see is what gets printed</li><li>Nothing you do is ever lost</li></ul>' +
    '<img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">More</a>',
  imageAlt: 'Prints spread on a table',
  catCards: ['Cards', 'Greeting cards with your photos'],
  catCalendars: ['Calendars', 'Wall calendars for any year'],
  catMug: ['Mugs', 'Your picture on a mug'],
  catCanvas: ['Canvas', 'Photos on canvas'],
  catPrints: ['Photo prints', 'Classic prints in many sizes'],
  catPhotobook: ['Photo books', 'Made in our photo book designer'],
  helpTitle: 'Help',
  helpText: 'Questions about your order? We are here to help.',
  deliveryTitle: 'Delivery',
  deliveryText: 'Collect in store or have your order posted.',
  aboutTitle: 'About us',
  aboutText: 'We print your photos with care.',
};

const norwegian: Words = {
  home: 'Hjem',
  products: 'Produkter',
  prints: 'Fotokopier',
  cards: 'Kort',
  christmasCards: 'Julekort',
  birthdayCards: 'Bursdagskort',
  calendars: 'Kalendere',
  gifts: 'Fotogaver',
  mugs: 'Krus',
  canvas: 'Lerret',
  help: 'Hjelp',
  delivery: 'Levering',
  contact: 'Kontakt oss',
  about: 'Om oss',
  slides: [
    ['/m/img/slide-1.svg', 'Bildene dine, vakkert trykket', 'Fotokopier fra mobilen på minutter.'],
    ['/m/img/slide-2.svg', 'Kort med din hilsen', 'Legg til egne bilder og ord.'],
    ['/m/img/slide-3.svg', 'Et år med minner', 'Lag en veggkalender med egne bilder.'],
  ],
  buttonText: 'Kom i gang',
  promoTitle: 'Lag noe fint',
  welcome: 'Velkommen til Fotobutikken',
  paragraph:
    'Last opp rett fra mobilen.\nVelg format, beskjæring og filter.\nHent i butikk eller få det i posten.',
  paragraphHtml: '<p>Bildene trykkes på <strong>fotopapir av høy kvalitet</strong>.</p>',
  richText:
    '<h3>Hvorfor trykke hos oss</h3><ul><li>Det du ser er det som trykkes</li><li>Ingenting går tapt</li></ul>',
  imageAlt: 'Fotokopier på et bord',
  catCards: ['Kort', 'Kort med dine bilder'],
  catCalendars: ['Kalendere', 'Veggkalendere for alle år'],
  catMug: ['Krus', 'Ditt bilde på et krus'],
  catCanvas: ['Lerret', 'Bilder på lerret'],
  catPrints: ['Fotokopier', 'Klassiske bilder i mange størrelser'],
  catPhotobook: ['Fotobøker', 'Lages i fotobokverktøyet'],
  helpTitle: 'Hjelp',
  helpText: 'Spørsmål om bestillingen? Vi hjelper deg.',
  deliveryTitle: 'Levering',
  deliveryText: 'Hent i butikk eller få bestillingen i posten.',
  aboutTitle: 'Om oss',
  aboutText: 'Vi trykker bildene dine med omhu.',
};

function menu(w: Words, contactUrl: string): MenuItem[] {
  return [
    { id: 'home', title: w.home, url: '/', m: true },
    {
      id: 'products',
      title: w.products,
      url: '/products',
      m: true,
      children: [
        { id: 'prints', title: w.prints, url: '/upload', m: true },
        {
          id: 'cards',
          title: w.cards,
          url: '/products/cards',
          m: true,
          children: [
            { id: 'cards-christmas', title: w.christmasCards, url: '/products/cards/CHRISTMAS', m: true },
            { id: 'cards-birthday', title: w.birthdayCards, url: '/products/cards/BIRTHDAY', m: true },
          ],
        },
        { id: 'calendars', title: w.calendars, url: '/products/calendars', m: true },
        {
          id: 'gifts',
          title: w.gifts,
          url: '/products/photogift/MUG',
          m: true,
          children: [
            { id: 'gifts-mug', title: w.mugs, url: '/products/photogift/MUG', m: true },
            { id: 'gifts-canvas', title: w.canvas, url: '/products/photogift/CANVAS', m: true },
          ],
        },
      ],
    },
    {
      id: 'help',
      title: w.help,
      url: '/pages/help',
      m: true,
      children: [
        { id: 'help-delivery', title: w.delivery, url: '/pages/delivery', m: true },
        { id: 'help-contact', title: w.contact, url: contactUrl, m: false },
      ],
    },
    { id: 'about', title: w.about, url: '/pages/about', m: true },
  ];
}

function pages(w: Words, slideSeconds: number) {
  return [
    {
      pageId: 'start-page',
      title: w.home,
      modules: [
        {
          id: 'slider-1',
          type: 'Slider',
          duration: slideSeconds,
          slides: w.slides.map(([background, title, text], i) => ({
            background,
            title,
            text,
            button: {
              text: w.buttonText,
              link: i === 0 ? '/upload' : i === 1 ? '/products/cards' : '/products/calendars',
            },
          })),
        },
        { id: 'promote-1', type: 'PromoteCategory', title: w.promoTitle },
        { id: 'title-1', type: 'Title', text: w.welcome },
        { id: 'paragraph-1', type: 'Paragraph', text: w.paragraph },
        { id: 'paragraph-2', type: 'Paragraph', html: w.paragraphHtml },
        { id: 'image-1', type: 'Image', src: '/m/img/promo.svg', alt: w.imageAlt, link: '/upload' },
        {
          id: 'image-2',
          type: 'Image',
          src: '/m/img/cat-photobook.svg',
          alt: w.catPhotobook[0],
          link: 'https://photobook.example.com/',
          newWindow: true,
        },
        { id: 'richtext-1', type: 'RichText', html: w.richText },
        // Kept to show that a module this app does not know yet shows only its id.
        { id: 'countdown-1', type: 'Countdown', endsAt: '2026-12-24' },
      ],
    },
    {
      pageId: 'help',
      title: w.helpTitle,
      modules: [
        { id: 'help-title', type: 'Title', text: w.helpTitle },
        { id: 'help-text', type: 'Paragraph', text: w.helpText },
      ],
    },
    {
      pageId: 'delivery',
      title: w.deliveryTitle,
      modules: [
        { id: 'delivery-title', type: 'Title', text: w.deliveryTitle },
        { id: 'delivery-text', type: 'Paragraph', text: w.deliveryText },
      ],
    },
    {
      pageId: 'about',
      title: w.aboutTitle,
      modules: [
        { id: 'about-title', type: 'Title', text: w.aboutTitle },
        { id: 'about-text', type: 'RichText', html: `<p>${w.aboutText}</p>` },
      ],
    },
  ];
}

function categories(w: Words) {
  return [
    {
      type: 'PAPER_COPIES',
      category: 'PRINTS',
      link: null,
      image: '/m/img/cat-prints.svg',
      title: w.catPrints[0],
      description: w.catPrints[1],
    },
    {
      type: 'CARDS',
      category: 'CHRISTMAS',
      link: null,
      image: '/m/img/cat-cards.svg',
      title: w.catCards[0],
      description: w.catCards[1],
    },
    {
      type: 'CALENDARS',
      category: 'CALENDARS',
      link: null,
      image: '/m/img/cat-calendars.svg',
      title: w.catCalendars[0],
      description: w.catCalendars[1],
    },
    {
      type: 'PHOTOGIFT',
      category: 'mug',
      link: null,
      image: '/m/img/cat-mug.svg',
      title: w.catMug[0],
      description: w.catMug[1],
    },
    {
      type: 'PHOTOGIFT',
      category: 'canvas',
      link: null,
      image: '/m/img/cat-canvas.svg',
      title: w.catCanvas[0],
      description: w.catCanvas[1],
    },
    {
      type: 'PHOTOBOOK',
      category: 'PHOTOBOOK',
      link: 'https://photobook.example.com/',
      image: '/m/img/cat-photobook.svg',
      title: w.catPhotobook[0],
      description: w.catPhotobook[1],
    },
  ];
}

/** Print formats in mm; prices are scaled per currency from one pence list. */
function printFormats(scale: number, whiteBorder: boolean): SeedPortal['printFormats'] {
  const base: [string, number, number, [number, number, number], number?][] = [
    ['9x13', 89, 127, [30, 25, 20]],
    ['10x15', 102, 152, [35, 29, 25], 19],
    ['13x18', 127, 178, [69, 59, 49]],
    ['15x20', 152, 203, [99, 89, 79]],
    ['20x30', 203, 305, [299, 249, 199], 199],
    ['30x45', 305, 457, [799, 699, 599]],
  ];
  const formats: SeedPortal['printFormats'] = base.map(([name, w, h, prices, campaign]) => ({
    name,
    widthMm: w,
    heightMm: h,
    prices: prices.map((p) => Math.round(p * scale)) as [number, number, number],
    campaign: campaign ? Math.round(campaign * scale) : undefined,
    minQuantity: name === '9x13' ? 10 : 1,
  }));
  if (whiteBorder) {
    formats.push({
      name: '10x15 white border',
      widthMm: 102,
      heightMm: 152,
      prices: [Math.round(39 * scale), Math.round(32 * scale), Math.round(28 * scale)],
      whiteBorder: true,
    });
  }
  return formats;
}

export const seedPortals: SeedPortal[] = [
  {
    uuid: stableUuid('portal:en'),
    name: 'Print Shop',
    isDefault: true,
    hosts: ['localhost', '127.0.0.1', 'shop.localhost'],
    locale: 'en_GB',
    useMetricSystem: true,
    currencyCode: 'GBP',
    currencyFormat: '£#,##0.00',
    logo: { src: '/m/img/logo-en.svg', alt: 'Print Shop', href: '/', external: false },
    freeShippingThreshold: 4000,
    askAutoCorrection: true,
    minimumPrice: 500,
    companyName: 'Print Shop Ltd',
    regional: false,
    externalGiftSite: null,
    menu: menu(english, 'https://www.example.com/contact'),
    pages: pages(english, 5),
    categories: categories(english),
    priceScale: 1,
    printFormats: printFormats(1, false),
  },
  {
    uuid: stableUuid('portal:no'),
    name: 'Fotobutikken',
    isDefault: false,
    hosts: ['no.localhost'],
    locale: 'nb_NO',
    useMetricSystem: true,
    currencyCode: 'NOK',
    currencyFormat: 'kr # ##0,00',
    logo: { src: '/m/img/logo-no.svg', alt: 'Fotobutikken', href: 'https://www.example.no/', external: true },
    freeShippingThreshold: 49900,
    askAutoCorrection: false,
    minimumPrice: 4900,
    companyName: 'Fotobutikken AS',
    regional: true,
    externalGiftSite: 'https://gaver.example.no/',
    menu: menu(norwegian, 'https://www.example.no/kontakt'),
    pages: pages(norwegian, 6),
    categories: categories(norwegian),
    priceScale: 13,
    printFormats: printFormats(13, true),
  },
  {
    uuid: stableUuid('portal:us'),
    name: 'Print Shop US',
    isDefault: false,
    hosts: ['us.localhost'],
    locale: 'en_US',
    useMetricSystem: false,
    currencyCode: 'USD',
    currencyFormat: '$#,##0.00',
    logo: { src: '/m/img/logo-us.svg', alt: 'Print Shop US', href: '/', external: false },
    freeShippingThreshold: 3500,
    askAutoCorrection: false,
    minimumPrice: 300,
    companyName: 'Print Shop Inc.',
    regional: false,
    externalGiftSite: null,
    menu: menu(english, 'https://www.example.com/contact'),
    pages: pages(english, 5),
    categories: categories(english),
    priceScale: 1.25,
    printFormats: printFormats(1.25, false),
  },
];
