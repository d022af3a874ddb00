/**
 * Demo data: four portals (English default, Norwegian regional variant, US in inches, Danish with
 * MobilePay), each with hosts, a three-level menu, content pages using every module type, categories
 * of every type and print formats with tiered and campaign prices. Ids are derived from names so a
 * re-seed is stable. The template products, categories and demo templates (the same in every portal)
 * are in templates/. A portal added here reaches only a fresh database (seed.ts seedIfEmpty): a shop's
 * own database never gets a demo portal.
 */
import { createHash } from 'node:crypto';
import type { MenuItem } from '../../shop/index.ts';

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
  /** The invoice's terms and how to pay it (issue 34). */
  invoice: { dueDays: number; paymentDetails: string };
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
  /** Stores, postage, payment options and rebate codes (issue 6). */
  checkout: CheckoutSeed;
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

export interface StoreSeed {
  description: string;
  /** '' = no region. */
  region: string;
  city: string;
  address1: string;
  address2?: string;
  postalCode: string;
  /** Business days for standard pickup. */
  days: number;
  /** Hours for the express twin, when the store has one. */
  expressHours?: number;
  /** ISO weekdays the store works (1 Monday … 7 Sunday); Monday to Saturday when absent. */
  openingDays?: number[];
  /** Local hour after which an order starts on the next working day; 15 when absent. */
  cutoffHour?: number;
}

export interface CheckoutSeed {
  stores: StoreSeed[];
  /** Standard pickup price and the express twin's price. */
  pickupPrice: number;
  expressPrice: number;
  postage: { key: string; name: string; price: number; days: number }[];
  payment: {
    provider: 'store' | 'invoice' | 'test-card' | 'stripe' | 'vipps';
    title: string;
    description: string;
    mobileDescription: string;
    infoText: string;
    deliveryTypes: ('store-pickup' | 'postage')[];
  }[];
  rebateCodes: {
    code: string;
    text: string;
    percentOff?: number;
    amountOff?: number;
    maxUses?: number;
    active?: boolean;
  }[];
}

/**
 * Pickup location uuids: a stable uuid per store; the express twin keeps the first 24 characters (the
 * store) and ends in twelve 1s (S0 §3).
 */
export function pickupUuid(portalUuid: string, store: string, express = false): string {
  const standard = stableUuid(`${portalUuid}:pickup:${store}`);
  return express ? `${standard.slice(0, 24)}111111111111` : standard;
}
export const postageUuid = (portalUuid: string, key: string) => stableUuid(`${portalUuid}:postage:${key}`);
export const paymentUuid = (portalUuid: string, provider: string) =>
  stableUuid(`${portalUuid}:payment:${provider}`);

const englishPayment = (): CheckoutSeed['payment'] => [
  {
    provider: 'store',
    title: 'Pay in store',
    description: 'Pay by card or cash when you collect your order.',
    mobileDescription: 'Pay by card or cash when you collect.<br>Bring your order reference.',
    infoText: 'Pay when you collect your order in the store. Bring your order reference.',
    deliveryTypes: ['store-pickup'],
  },
  {
    provider: 'invoice',
    title: 'Invoice',
    description: 'We email you an invoice. Pay within 14 days.',
    mobileDescription: 'We email you an invoice.<br>Pay within 14 days. <a href="/m/pages/help">Terms</a>',
    infoText: 'An invoice has been sent to your email address. Please pay within 14 days.',
    deliveryTypes: ['store-pickup', 'postage'],
  },
  {
    // Offered once STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (then the test card is not).
    provider: 'stripe',
    title: 'Card, Apple Pay or Google Pay',
    description: 'Pay securely on Stripe’s payment page. Your card is charged when your order is ready.',
    mobileDescription:
      'Visa, Mastercard, Amex, Apple Pay and Google Pay.<br>Charged when your order is ready.',
    infoText: 'Paid by card. The amount is taken from your card when your order is ready.',
    deliveryTypes: ['store-pickup', 'postage'],
  },
  {
    provider: 'test-card',
    title: 'Card (test)',
    description: 'Pay by card on the test payment page. No money is taken.',
    mobileDescription: 'Visa and Mastercard on a test payment page.<br>No money is taken.',
    infoText: 'Paid by card (test payment: no money was taken).',
    deliveryTypes: ['store-pickup', 'postage'],
  },
];

const ukCheckout: CheckoutSeed = {
  stores: [
    {
      description: 'Oxford Street',
      region: 'London',
      city: 'London',
      address1: '120 Oxford Street',
      postalCode: 'W1D 1LT',
      days: 2,
      expressHours: 1,
    },
    {
      description: 'Camden',
      region: 'London',
      city: 'London',
      address1: '45 Camden High Street',
      postalCode: 'NW1 7JN',
      days: 2,
    },
    {
      description: 'Canary Wharf',
      region: 'London',
      city: 'London',
      address1: '10 Cabot Square',
      address2: 'Lower ground floor',
      postalCode: 'E14 4QT',
      days: 2,
    },
    {
      description: 'Brighton',
      region: 'South East',
      city: 'Brighton',
      address1: '22 North Street',
      postalCode: 'BN1 1EB',
      days: 2,
    },
    {
      description: 'Oxford',
      region: 'South East',
      city: 'Oxford',
      address1: '14 Cornmarket Street',
      postalCode: 'OX1 3HA',
      days: 2,
    },
    {
      description: 'Reading',
      region: 'South East',
      city: 'Reading',
      address1: '60 Broad Street',
      postalCode: 'RG1 2AP',
      days: 3,
    },
    {
      description: 'Manchester Arndale',
      region: 'North West',
      city: 'Manchester',
      address1: 'Arndale Centre',
      address2: 'Unit 12',
      postalCode: 'M4 3AQ',
      days: 2,
      expressHours: 2,
    },
    {
      description: 'Liverpool One',
      region: 'North West',
      city: 'Liverpool',
      address1: '5 Paradise Street',
      postalCode: 'L1 8JF',
      days: 2,
    },
    {
      description: 'Chester',
      region: 'North West',
      city: 'Chester',
      address1: '31 Eastgate Street',
      postalCode: 'CH1 1LE',
      days: 3,
    },
    {
      description: 'Edinburgh Princes Street',
      region: 'Scotland',
      city: 'Edinburgh',
      address1: '98 Princes Street',
      postalCode: 'EH2 2ER',
      days: 3,
    },
    {
      description: 'Glasgow Buchanan Street',
      region: 'Scotland',
      city: 'Glasgow',
      address1: '150 Buchanan Street',
      postalCode: 'G1 2LW',
      days: 3,
    },
    {
      description: 'Aberdeen',
      region: 'Scotland',
      city: 'Aberdeen',
      address1: '40 Union Street',
      postalCode: 'AB11 6BD',
      days: 4,
      openingDays: [1, 2, 3, 4, 5],
    },
    {
      description: 'Heathrow Terminal 5',
      region: '',
      city: 'Hounslow',
      address1: 'Terminal 5 Departures',
      postalCode: 'TW6 2GA',
      days: 1,
      openingDays: [1, 2, 3, 4, 5, 6, 7],
      cutoffHour: 18,
    },
  ],
  pickupPrice: 0,
  expressPrice: 199,
  postage: [
    { key: 'standard', name: 'Standard post', price: 299, days: 3 },
    { key: 'express', name: 'Express post', price: 599, days: 1 },
  ],
  payment: englishPayment(),
  rebateCodes: [
    { code: 'SUMMER10', text: 'Summer offer: 10 % off your prints', percentOff: 10 },
    { code: 'WELCOME5', text: '£5 off your order', amountOff: 500, maxUses: 100 },
    { code: 'SPRING20', text: 'Spring offer (ended)', percentOff: 20, active: false },
  ],
};

const norwegianCheckout: CheckoutSeed = {
  stores: [
    {
      description: 'Oslo City',
      region: 'Oslo',
      city: 'Oslo',
      address1: 'Stenersgata 1',
      postalCode: '0050',
      days: 2,
      expressHours: 2,
    },
    {
      description: 'Storo',
      region: 'Oslo',
      city: 'Oslo',
      address1: 'Vitaminveien 7',
      postalCode: '0485',
      days: 2,
    },
    {
      description: 'Majorstuen',
      region: 'Oslo',
      city: 'Oslo',
      address1: 'Bogstadveien 50',
      postalCode: '0366',
      days: 2,
    },
    {
      description: 'Bergen Storsenter',
      region: 'Vestland',
      city: 'Bergen',
      address1: 'Strømgaten 8',
      postalCode: '5015',
      days: 2,
      expressHours: 2,
    },
    {
      description: 'Åsane',
      region: 'Vestland',
      city: 'Bergen',
      address1: 'Myrdalsvegen 2',
      postalCode: '5130',
      days: 2,
    },
    {
      description: 'Voss',
      region: 'Vestland',
      city: 'Voss',
      address1: 'Vangsgata 20',
      postalCode: '5700',
      days: 3,
    },
    {
      description: 'Trondheim Torg',
      region: 'Trøndelag',
      city: 'Trondheim',
      address1: 'Kongens gate 11',
      postalCode: '7011',
      days: 2,
    },
    {
      description: 'Solsiden',
      region: 'Trøndelag',
      city: 'Trondheim',
      address1: 'Beddingen 10',
      postalCode: '7014',
      days: 2,
    },
    {
      description: 'Stjørdal',
      region: 'Trøndelag',
      city: 'Stjørdal',
      address1: 'Kjøpmannsgata 30',
      postalCode: '7500',
      days: 3,
    },
    {
      description: 'Stavanger Kvadrat',
      region: 'Rogaland',
      city: 'Sandnes',
      address1: 'Gamle Stokkavei 1',
      postalCode: '4313',
      days: 2,
    },
    {
      description: 'Stavanger sentrum',
      region: 'Rogaland',
      city: 'Stavanger',
      address1: 'Kirkegata 15',
      postalCode: '4006',
      days: 2,
    },
    {
      description: 'Haugesund',
      region: 'Rogaland',
      city: 'Haugesund',
      address1: 'Haraldsgata 90',
      postalCode: '5527',
      days: 3,
    },
    {
      description: 'Longyearbyen',
      region: '',
      city: 'Longyearbyen',
      address1: 'Lompensenteret',
      postalCode: '9170',
      days: 5,
      openingDays: [1, 2, 3, 4, 5],
      cutoffHour: 12,
    },
  ],
  pickupPrice: 0,
  expressPrice: 2900,
  postage: [
    { key: 'standard', name: 'Brev i posten', price: 4900, days: 3 },
    { key: 'express', name: 'Ekspress', price: 9900, days: 1 },
  ],
  payment: [
    {
      provider: 'store',
      title: 'Betal i butikk',
      description: 'Betal med kort eller kontant når du henter bestillingen.',
      mobileDescription: 'Betal når du henter.<br>Ta med ordrereferansen.',
      infoText: 'Betal når du henter bestillingen i butikken. Ta med ordrereferansen.',
      deliveryTypes: ['store-pickup'],
    },
    {
      provider: 'invoice',
      title: 'Faktura',
      description: 'Vi sender deg faktura på e-post. Betal innen 14 dager.',
      mobileDescription: 'Faktura på e-post.<br>Betal innen 14 dager. <a href="/m/pages/help">Vilkår</a>',
      infoText: 'Faktura er sendt til e-postadressen din. Betal innen 14 dager.',
      deliveryTypes: ['store-pickup', 'postage'],
    },
    {
      // Tilbys når VIPPS_* er satt (da vises ikke testkortet).
      provider: 'vipps',
      title: 'Vipps',
      description: 'Betal med Vipps. Beløpet trekkes når bestillingen er klar.',
      mobileDescription: 'Godkjenn betalingen i Vipps-appen.<br>Beløpet trekkes når bestillingen er klar.',
      infoText: 'Betalt med Vipps. Beløpet trekkes når bestillingen er klar.',
      deliveryTypes: ['store-pickup', 'postage'],
    },
    {
      provider: 'test-card',
      title: 'Kort (test)',
      description: 'Betal med kort på testsiden for betaling. Ingen penger trekkes.',
      mobileDescription: 'Visa og Mastercard på en testside.<br>Ingen penger trekkes.',
      infoText: 'Betalt med kort (testbetaling: ingen penger er trukket).',
      deliveryTypes: ['store-pickup', 'postage'],
    },
  ],
  rebateCodes: [
    { code: 'SUMMER10', text: 'Sommertilbud: 10 % rabatt på bildene', percentOff: 10 },
    { code: 'WELCOME5', text: 'kr 50 i rabatt', amountOff: 5000, maxUses: 100 },
    { code: 'SPRING20', text: 'Vårtilbud (utløpt)', percentOff: 20, active: false },
  ],
};

const danishCheckout: CheckoutSeed = {
  stores: [
    {
      description: 'Strøget',
      region: 'Hovedstaden',
      city: 'København K',
      address1: 'Amagertorv 14',
      postalCode: '1160',
      days: 2,
      expressHours: 2,
    },
    {
      description: 'Nørrebro',
      region: 'Hovedstaden',
      city: 'København N',
      address1: 'Nørrebrogade 52',
      postalCode: '2200',
      days: 2,
    },
    {
      description: 'Fisketorvet',
      region: 'Hovedstaden',
      city: 'København V',
      address1: 'Kalvebod Brygge 59',
      address2: 'Stueplan',
      postalCode: '1560',
      days: 2,
    },
    {
      description: 'Lyngby Storcenter',
      region: 'Hovedstaden',
      city: 'Kongens Lyngby',
      address1: 'Lyngby Storcenter 54',
      postalCode: '2800',
      days: 3,
    },
    {
      description: 'Aarhus C',
      region: 'Midtjylland',
      city: 'Aarhus C',
      address1: 'Søndergade 20',
      postalCode: '8000',
      days: 2,
      expressHours: 2,
    },
    {
      description: 'Viborg',
      region: 'Midtjylland',
      city: 'Viborg',
      address1: 'Sankt Mathias Gade 40',
      postalCode: '8800',
      days: 3,
    },
    {
      description: 'Herning',
      region: 'Midtjylland',
      city: 'Herning',
      address1: 'Bredgade 12',
      postalCode: '7400',
      days: 3,
    },
    {
      description: 'Odense',
      region: 'Syddanmark',
      city: 'Odense C',
      address1: 'Vestergade 30',
      postalCode: '5000',
      days: 2,
    },
    {
      description: 'Esbjerg',
      region: 'Syddanmark',
      city: 'Esbjerg',
      address1: 'Kongensgade 45',
      postalCode: '6700',
      days: 3,
    },
    {
      description: 'Kolding',
      region: 'Syddanmark',
      city: 'Kolding',
      address1: 'Jernbanegade 9',
      postalCode: '6000',
      days: 3,
    },
    {
      description: 'Aalborg',
      region: 'Nordjylland',
      city: 'Aalborg',
      address1: 'Bispensgade 18',
      postalCode: '9000',
      days: 2,
    },
    {
      description: 'Roskilde',
      region: 'Sjælland',
      city: 'Roskilde',
      address1: 'Algade 25',
      postalCode: '4000',
      days: 2,
    },
    {
      description: 'Rønne',
      region: '',
      city: 'Rønne',
      address1: 'Store Torv 6',
      postalCode: '3700',
      days: 4,
      openingDays: [1, 2, 3, 4, 5],
      cutoffHour: 12,
    },
  ],
  pickupPrice: 0,
  expressPrice: 1900,
  postage: [
    { key: 'standard', name: 'Brev med PostNord', price: 3900, days: 3 },
    { key: 'express', name: 'Ekspres', price: 7900, days: 1 },
  ],
  payment: [
    {
      provider: 'store',
      title: 'Betal i butikken',
      description: 'Betal med kort eller kontant, når du henter din bestilling.',
      mobileDescription: 'Betal, når du henter.<br>Husk ordrenummeret.',
      infoText: 'Betal, når du henter bestillingen i butikken. Husk ordrenummeret.',
      deliveryTypes: ['store-pickup'],
    },
    {
      provider: 'invoice',
      title: 'Faktura',
      description: 'Vi sender dig en faktura på e-mail. Betal inden 14 dage.',
      mobileDescription: 'Faktura på e-mail.<br>Betal inden 14 dage. <a href="/m/pages/help">Betingelser</a>',
      infoText: 'Fakturaen er sendt til din e-mailadresse. Betal inden 14 dage.',
      deliveryTypes: ['store-pickup', 'postage'],
    },
    {
      // Vipps MobilePay's ePayment API, shown as MobilePay in Denmark: offered when VIPPS_* is set
      // (then the test card is not).
      provider: 'vipps',
      title: 'MobilePay',
      description: 'Betal med MobilePay. Beløbet trækkes, når din bestilling er klar.',
      mobileDescription:
        'Godkend betalingen i MobilePay-appen.<br>Beløbet trækkes, når bestillingen er klar.',
      infoText: 'Betalt med MobilePay. Beløbet trækkes, når bestillingen er klar.',
      deliveryTypes: ['store-pickup', 'postage'],
    },
    {
      provider: 'test-card',
      title: 'Kort (test)',
      description: 'Betal med kort på testsiden for betaling. Der trækkes ingen penge.',
      mobileDescription: 'Visa og Mastercard på en testside.<br>Der trækkes ingen penge.',
      infoText: 'Betalt med kort (testbetaling: der er ikke trukket penge).',
      deliveryTypes: ['store-pickup', 'postage'],
    },
  ],
  rebateCodes: [
    { code: 'SUMMER10', text: 'Sommertilbud: 10 % rabat på billederne', percentOff: 10 },
    { code: 'WELCOME5', text: '40 kr. i rabat', amountOff: 4000, maxUses: 100 },
    { code: 'SPRING20', text: 'Forårstilbud (udløbet)', percentOff: 20, active: false },
  ],
};

const usCheckout: CheckoutSeed = {
  stores: [
    {
      description: 'Manhattan 5th Avenue',
      region: 'Northeast',
      city: 'New York',
      address1: '500 5th Avenue',
      postalCode: 'NY 10110',
      days: 2,
      expressHours: 2,
    },
    {
      description: 'Boston Back Bay',
      region: 'Northeast',
      city: 'Boston',
      address1: '800 Boylston Street',
      postalCode: 'MA 02199',
      days: 2,
    },
    {
      description: 'Philadelphia Center City',
      region: 'Northeast',
      city: 'Philadelphia',
      address1: '1625 Chestnut Street',
      postalCode: 'PA 19103',
      days: 3,
    },
    {
      description: 'San Francisco Union Square',
      region: 'West',
      city: 'San Francisco',
      address1: '170 O’Farrell Street',
      postalCode: 'CA 94102',
      days: 2,
    },
    {
      description: 'Santa Monica',
      region: 'West',
      city: 'Los Angeles',
      address1: '1315 3rd Street Promenade',
      postalCode: 'CA 90401',
      days: 2,
    },
    {
      description: 'Seattle Pike Place',
      region: 'West',
      city: 'Seattle',
      address1: '1501 Pike Place',
      postalCode: 'WA 98101',
      days: 3,
    },
    {
      description: 'Chicago Loop',
      region: 'Midwest',
      city: 'Chicago',
      address1: '111 N State Street',
      postalCode: 'IL 60602',
      days: 2,
    },
    {
      description: 'Minneapolis Nicollet',
      region: 'Midwest',
      city: 'Minneapolis',
      address1: '900 Nicollet Mall',
      postalCode: 'MN 55402',
      days: 3,
    },
    {
      description: 'Detroit Midtown',
      region: 'Midwest',
      city: 'Detroit',
      address1: '4240 Cass Avenue',
      postalCode: 'MI 48201',
      days: 3,
    },
    {
      description: 'Austin Congress Avenue',
      region: 'South',
      city: 'Austin',
      address1: '600 Congress Avenue',
      postalCode: 'TX 78701',
      days: 2,
    },
    {
      description: 'Atlanta Midtown',
      region: 'South',
      city: 'Atlanta',
      address1: '1100 Peachtree Street',
      postalCode: 'GA 30309',
      days: 2,
    },
    {
      description: 'Miami Brickell',
      region: 'South',
      city: 'Miami',
      address1: '701 S Miami Avenue',
      postalCode: 'FL 33131',
      days: 3,
    },
    {
      description: 'JFK Terminal 4',
      region: '',
      city: 'Queens',
      address1: 'JFK Airport, Terminal 4',
      postalCode: 'NY 11430',
      days: 1,
      openingDays: [1, 2, 3, 4, 5, 6, 7],
      cutoffHour: 18,
    },
  ],
  pickupPrice: 0,
  expressPrice: 249,
  postage: [
    { key: 'standard', name: 'Standard mail', price: 399, days: 4 },
    { key: 'express', name: 'Priority mail', price: 799, days: 2 },
  ],
  payment: englishPayment(),
  rebateCodes: [
    { code: 'SUMMER10', text: 'Summer offer: 10 % off your prints', percentOff: 10 },
    { code: 'WELCOME5', text: '$5 off your order', amountOff: 500, maxUses: 100 },
    { code: 'SPRING20', text: 'Spring offer (ended)', percentOff: 20, active: false },
  ],
};

export interface Words {
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
  posters: string;
  puzzles: string;
  mouseMats: string;
  cushions: string;
  bags: string;
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
  aboutTitle: string;
  aboutText: string;
  /** The 'Terms of purchase' page checkout links to; a portal edits it like any content page. */
  termsTitle: string;
  termsHtml: string;
  /** The Help page's questions and answers; its ways of paying come from the checkout (PaymentInfo). */
  helpHtml: string;
  /** Above the Delivery page's options, prices and stores (DeliveryInfo, from the checkout). */
  deliveryIntro: string;
  contactTitle: string;
  /** Around the portal's own contact details (Contact below). */
  contactHtml: (c: Contact) => string;
  returnsTitle: string;
  returnsHtml: string;
  privacyTitle: string;
  privacyHtml: string;
}

/** A portal's customer service, shown on its Contact page. */
interface Contact {
  email: string;
  phone: string;
  address: string;
  hours: string;
}

export const english: Words = {
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
  posters: 'Posters',
  puzzles: 'Puzzles',
  mouseMats: 'Mouse mats',
  cushions: 'Cushions',
  bags: 'Tote bags',
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
    '<h3>Why print with us</h3><ul><li>What you see is what gets printed</li><li>Nothing you do is ever lost</li></ul>',
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
  aboutTitle: 'About us',
  aboutText: 'We print your photos with care.',
  termsTitle: 'Terms of purchase',
  termsHtml:
    '<p>These terms apply to every order placed in this shop.</p><h2>Prices and payment</h2><p>Prices include VAT. The price you confirm at checkout is the price you pay; we charge no fees beyond delivery and the options you chose.</p><h2>Your pictures</h2><p>You confirm that you may print the pictures you upload. We use them only to make your order and delete them after 30 days without use.</p><h2>Production and delivery</h2><p>We start printing as soon as the order is placed, so an order cannot be changed afterwards. Collect it in the store you chose, or receive it by post at the address you gave.</p><h2>Complaints</h2><p>If a print is damaged or not as ordered, tell us within 14 days of receiving it and we will print it again or refund it.</p>',
  helpHtml:
    '<h3>How do I order prints?</h3><p>Upload your photos on <a href="/m/upload">Upload</a>, adjust each print in the cart (format, crop, filter, quantity) and check out.</p><h3>What if my photo is too small?</h3><p>The shop warns you when a photo has too few pixels for the format you chose: choose a smaller format for a sharp print.</p><h3>When is my order ready?</h3><p>Checkout shows the day your order is ready in the store or delivered by post. See <a href="/m/pages/delivery">Delivery</a> for every option and store.</p><h3>Can I change my order?</h3><p>We start printing straight away, so an order cannot be changed once placed. <a href="/m/pages/contact">Contact us</a> as soon as you can and we will do what we can.</p>',
  deliveryIntro:
    'Collect your order in one of our stores or have it posted to you. The prices and times below are the ones checkout uses.',
  contactTitle: 'Contact us',
  contactHtml: (c) =>
    `<p>Questions about an order? Have your order reference ready (it is on your receipt and in your confirmation email).</p><ul><li>Email: <a href="mailto:${c.email}">${c.email}</a></li><li>Phone: ${c.phone} (${c.hours})</li><li>Post: ${c.address}</li></ul>`,
  returnsTitle: 'Returns and complaints',
  returnsHtml:
    '<p>Your prints and products are made for you from your own photos, so they cannot be returned because you changed your mind.</p><h2>Something wrong?</h2><p>If a product is damaged, printed wrongly or not what you ordered, tell us within 14 days of receiving it, with your order reference and a photo of the fault. We will print it again or refund it, at no cost to you.</p><h2>How to reach us</h2><p>See <a href="/m/pages/contact">Contact us</a>.</p>',
  privacyTitle: 'Privacy',
  privacyHtml:
    '<p>We use your details only to make and deliver your order.</p><h2>What we keep</h2><ul><li>Your name, email address and mobile number, to tell you about your order.</li><li>Your address, when you have your order posted.</li><li>Your photos, to print them. Photos not used in an order are deleted after 30 days.</li></ul><h2>Who sees it</h2><p>Our lab and stores, to make and hand over your order, and the payment provider you choose, to take the payment. We sell nothing to anyone.</p><h2>Cookies</h2><p>One cookie keeps your cart and your login. We use no advertising or tracking cookies.</p><h2>Your rights</h2><p>Ask us for a copy of your details, or to delete them, through <a href="/m/pages/contact">Contact us</a>.</p>',
};

export const norwegian: Words = {
  home: 'Hjem',
  products: 'Produkter',
  prints: 'Papirbilder',
  cards: 'Kort',
  christmasCards: 'Julekort',
  birthdayCards: 'Bursdagskort',
  calendars: 'Kalendere',
  gifts: 'Fotogaver',
  mugs: 'Krus',
  canvas: 'Lerret',
  posters: 'Plakater',
  puzzles: 'Puslespill',
  mouseMats: 'Musematter',
  cushions: 'Puter',
  bags: 'Handlenett',
  help: 'Hjelp',
  delivery: 'Levering',
  contact: 'Kontakt oss',
  about: 'Om oss',
  slides: [
    ['/m/img/slide-1.svg', 'Bildene dine, vakkert trykket', 'Papirbilder fra mobilen på minutter.'],
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
  imageAlt: 'Papirbilder på et bord',
  catCards: ['Kort', 'Kort med dine bilder'],
  catCalendars: ['Kalendere', 'Veggkalendere for alle år'],
  catMug: ['Krus', 'Ditt bilde på et krus'],
  catCanvas: ['Lerret', 'Bilder på lerret'],
  catPrints: ['Papirbilder', 'Klassiske bilder i mange størrelser'],
  catPhotobook: ['Fotobøker', 'Lages i fotobokverktøyet'],
  helpTitle: 'Hjelp',
  helpText: 'Spørsmål om bestillingen? Vi hjelper deg.',
  deliveryTitle: 'Levering',
  aboutTitle: 'Om oss',
  aboutText: 'Vi trykker bildene dine med omhu.',
  termsTitle: 'Kjøpsvilkår',
  termsHtml:
    '<p>Disse vilkårene gjelder alle bestillinger i denne butikken.</p><h2>Priser og betaling</h2><p>Prisene er inkludert mva. Prisen du bekrefter i kassen er prisen du betaler; vi tar ingen gebyrer utover frakt og valgene du har gjort.</p><h2>Bildene dine</h2><p>Du bekrefter at du har rett til å trykke bildene du laster opp. Vi bruker dem bare til bestillingen din og sletter dem etter 30 dager uten bruk.</p><h2>Produksjon og levering</h2><p>Vi begynner å trykke så snart bestillingen er lagt inn, så den kan ikke endres etterpå. Hent den i butikken du valgte, eller få den tilsendt i posten til adressen du oppga.</p><h2>Reklamasjon</h2><p>Er et bilde skadet eller ikke som bestilt, gi oss beskjed innen 14 dager etter at du mottok det, så trykker vi det på nytt eller refunderer det.</p>',
  helpHtml:
    '<h3>Hvordan bestiller jeg bilder?</h3><p>Last opp bildene under <a href="/m/upload">Last opp</a>, tilpass hvert bilde i handlekurven (format, beskjæring, filter, antall) og gå til kassen.</p><h3>Hva om bildet er for lite?</h3><p>Butikken varsler deg når et bilde har for få piksler for formatet du valgte: velg et mindre format for et skarpt bilde.</p><h3>Når er bestillingen klar?</h3><p>I kassen ser du dagen bestillingen er klar i butikken eller levert i posten. Se <a href="/m/pages/delivery">Levering</a> for alle valg og butikker.</p><h3>Kan jeg endre bestillingen?</h3><p>Vi begynner å trykke med en gang, så en bestilling kan ikke endres etter at den er lagt inn. <a href="/m/pages/contact">Kontakt oss</a> så raskt du kan, så gjør vi det vi kan.</p>',
  deliveryIntro:
    'Hent bestillingen i en av butikkene våre eller få den tilsendt i posten. Prisene og tidene under er de samme som i kassen.',
  contactTitle: 'Kontakt oss',
  contactHtml: (c) =>
    `<p>Spørsmål om en bestilling? Ha ordrereferansen klar (den står på kvitteringen og i bekreftelsen på e-post).</p><ul><li>E-post: <a href="mailto:${c.email}">${c.email}</a></li><li>Telefon: ${c.phone} (${c.hours})</li><li>Post: ${c.address}</li></ul>`,
  returnsTitle: 'Retur og reklamasjon',
  returnsHtml:
    '<p>Bildene og produktene lages for deg av dine egne bilder, så de kan ikke returneres fordi du har ombestemt deg.</p><h2>Er noe galt?</h2><p>Er et produkt skadet, feil trykket eller ikke det du bestilte, gi oss beskjed innen 14 dager etter at du mottok det, med ordrereferansen og et bilde av feilen. Vi trykker det på nytt eller refunderer det, uten kostnad for deg.</p><h2>Slik når du oss</h2><p>Se <a href="/m/pages/contact">Kontakt oss</a>.</p>',
  privacyTitle: 'Personvern',
  privacyHtml:
    '<p>Vi bruker opplysningene dine bare til å lage og levere bestillingen din.</p><h2>Hva vi lagrer</h2><ul><li>Navn, e-postadresse og mobilnummer, for å gi deg beskjed om bestillingen.</li><li>Adressen din, når du får bestillingen i posten.</li><li>Bildene dine, for å trykke dem. Bilder som ikke brukes i en bestilling, slettes etter 30 dager.</li></ul><h2>Hvem som ser dem</h2><p>Laboratoriet og butikkene våre, for å lage og levere bestillingen, og betalingstjenesten du velger, for å ta betalingen. Vi selger ingenting til noen.</p><h2>Informasjonskapsler</h2><p>Én informasjonskapsel husker handlekurven og innloggingen din. Vi bruker ingen informasjonskapsler for reklame eller sporing.</p><h2>Dine rettigheter</h2><p>Be oss om en kopi av opplysningene dine, eller om å slette dem, via <a href="/m/pages/contact">Kontakt oss</a>.</p>',
};

export const danish: Words = {
  home: 'Hjem',
  products: 'Produkter',
  prints: 'Papirbilleder',
  cards: 'Kort',
  christmasCards: 'Julekort',
  birthdayCards: 'Fødselsdagskort',
  calendars: 'Kalendere',
  gifts: 'Fotogaver',
  mugs: 'Krus',
  canvas: 'Lærred',
  posters: 'Plakater',
  puzzles: 'Puslespil',
  mouseMats: 'Musemåtter',
  cushions: 'Puder',
  bags: 'Muleposer',
  help: 'Hjælp',
  delivery: 'Levering',
  contact: 'Kontakt os',
  about: 'Om os',
  slides: [
    ['/m/img/slide-1.svg', 'Dine billeder, smukt printet', 'Papirbilleder fra mobilen på få minutter.'],
    ['/m/img/slide-2.svg', 'Kort med din hilsen', 'Tilføj dine egne billeder og ord.'],
    ['/m/img/slide-3.svg', 'Et år med minder', 'Lav en vægkalender med dine egne billeder.'],
  ],
  buttonText: 'Kom i gang',
  promoTitle: 'Lav noget smukt',
  welcome: 'Velkommen til Fotoshoppen',
  paragraph:
    'Upload direkte fra mobilen.\nVælg format, beskæring og filter.\nHent i butikken eller få det med posten.',
  paragraphHtml: '<p>Billederne printes på <strong>fotopapir af høj kvalitet</strong>.</p>',
  richText:
    '<h3>Hvorfor printe hos os</h3><ul><li>Det, du ser, er det, der bliver printet</li><li>Intet går tabt</li></ul>',
  imageAlt: 'Papirbilleder på et bord',
  catCards: ['Kort', 'Kort med dine billeder'],
  catCalendars: ['Kalendere', 'Vægkalendere til alle år'],
  catMug: ['Krus', 'Dit billede på et krus'],
  catCanvas: ['Lærred', 'Billeder på lærred'],
  catPrints: ['Papirbilleder', 'Klassiske billeder i mange størrelser'],
  catPhotobook: ['Fotobøger', 'Laves i vores fotobogsværktøj'],
  helpTitle: 'Hjælp',
  helpText: 'Spørgsmål om din bestilling? Vi hjælper dig gerne.',
  deliveryTitle: 'Levering',
  aboutTitle: 'Om os',
  aboutText: 'Vi printer dine billeder med omhu.',
  termsTitle: 'Handelsbetingelser',
  termsHtml:
    '<p>Disse betingelser gælder for alle bestillinger i denne butik.</p><h2>Priser og betaling</h2><p>Priserne er inklusive moms. Prisen, du bekræfter ved kassen, er den pris, du betaler; vi opkræver ingen gebyrer ud over levering og de valg, du har truffet.</p><h2>Dine billeder</h2><p>Du bekræfter, at du har ret til at printe de billeder, du uploader. Vi bruger dem kun til din bestilling og sletter dem efter 30 dage uden brug.</p><h2>Produktion og levering</h2><p>Vi begynder at printe, så snart bestillingen er afgivet, så den kan ikke ændres bagefter. Hent den i den butik, du valgte, eller få den sendt med posten til den adresse, du oplyste.</p><h2>Reklamation</h2><p>Er et billede beskadiget eller ikke som bestilt, så giv os besked inden 14 dage efter modtagelsen, så printer vi det igen eller refunderer det.</p>',
  helpHtml:
    '<h3>Hvordan bestiller jeg billeder?</h3><p>Upload dine billeder under <a href="/m/upload">Upload</a>, tilpas hvert billede i indkøbskurven (format, beskæring, filter, antal), og gå til kassen.</p><h3>Hvad hvis mit billede er for lille?</h3><p>Butikken advarer dig, når et billede har for få pixels til det valgte format: vælg et mindre format for et skarpt billede.</p><h3>Hvornår er min bestilling klar?</h3><p>I kassen kan du se den dag, din bestilling er klar i butikken eller leveret med posten. Se <a href="/m/pages/delivery">Levering</a> for alle muligheder og butikker.</p><h3>Kan jeg ændre min bestilling?</h3><p>Vi begynder at printe med det samme, så en bestilling kan ikke ændres, når den er afgivet. <a href="/m/pages/contact">Kontakt os</a> hurtigst muligt, så gør vi, hvad vi kan.</p>',
  deliveryIntro:
    'Hent din bestilling i en af vores butikker, eller få den sendt med posten. Priserne og tiderne herunder er de samme som ved kassen.',
  contactTitle: 'Kontakt os',
  contactHtml: (c) =>
    `<p>Spørgsmål om en bestilling? Hav dit ordrenummer klar (det står på kvitteringen og i bekræftelsen på e-mail).</p><ul><li>E-mail: <a href="mailto:${c.email}">${c.email}</a></li><li>Telefon: ${c.phone} (${c.hours})</li><li>Post: ${c.address}</li></ul>`,
  returnsTitle: 'Returnering og reklamation',
  returnsHtml:
    '<p>Dine billeder og produkter laves til dig ud fra dine egne billeder, så de kan ikke returneres, fordi du har fortrudt.</p><h2>Er der noget galt?</h2><p>Er et produkt beskadiget, forkert printet eller ikke det, du bestilte, så giv os besked inden 14 dage efter modtagelsen, med dit ordrenummer og et billede af fejlen. Vi printer det igen eller refunderer det, uden omkostninger for dig.</p><h2>Sådan kontakter du os</h2><p>Se <a href="/m/pages/contact">Kontakt os</a>.</p>',
  privacyTitle: 'Privatlivspolitik',
  privacyHtml:
    '<p>Vi bruger kun dine oplysninger til at lave og levere din bestilling.</p><h2>Hvad vi gemmer</h2><ul><li>Dit navn, din e-mailadresse og dit mobilnummer, så vi kan give dig besked om din bestilling.</li><li>Din adresse, når du får din bestilling med posten.</li><li>Dine billeder, så vi kan printe dem. Billeder, der ikke bruges i en bestilling, slettes efter 30 dage.</li></ul><h2>Hvem der ser dem</h2><p>Vores laboratorium og butikker, så de kan lave og udlevere din bestilling, og den betalingstjeneste, du vælger, så den kan trække betalingen. Vi sælger intet til nogen.</p><h2>Cookies</h2><p>Én cookie husker din indkøbskurv og dit login. Vi bruger ingen cookies til reklame eller sporing.</p><h2>Dine rettigheder</h2><p>Bed os om en kopi af dine oplysninger, eller om at slette dem, via <a href="/m/pages/contact">Kontakt os</a>.</p>',
};

function menu(w: Words): MenuItem[] {
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
            { id: 'gifts-poster', title: w.posters, url: '/products/photogift/POSTER', m: true },
            { id: 'gifts-puzzle', title: w.puzzles, url: '/products/photogift/PUZZLE', m: true },
            { id: 'gifts-mousemat', title: w.mouseMats, url: '/products/photogift/MOUSEMAT', m: true },
            { id: 'gifts-cushion', title: w.cushions, url: '/products/photogift/CUSHION', m: true },
            { id: 'gifts-bag', title: w.bags, url: '/products/photogift/BAG', m: true },
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
        { id: 'help-contact', title: w.contact, url: '/pages/contact', m: true },
      ],
    },
    { id: 'about', title: w.about, url: '/pages/about', m: true },
  ];
}

/** The content page checkout links to as 'Terms of purchase' (shop/checkout.ts TERMS_PATH). */
export const TERMS_PAGE_ID = 'terms';

function pages(w: Words, slideSeconds: number, contact: Contact) {
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
        { id: 'richtext-1', type: 'RichText', html: w.richText },
      ],
    },
    {
      pageId: 'help',
      title: w.helpTitle,
      modules: [
        { id: 'help-title', type: 'Title', text: w.helpTitle },
        { id: 'help-text', type: 'Paragraph', text: w.helpText },
        { id: 'help-answers', type: 'RichText', html: w.helpHtml },
        // The ways of paying the checkout offers, filled when served (services/checkout/shopInfo.ts).
        { id: 'help-payment', type: 'PaymentInfo' },
        { id: 'help-contact', type: 'RichText', html: w.contactHtml(contact) },
      ],
    },
    {
      pageId: 'delivery',
      title: w.deliveryTitle,
      modules: [
        { id: 'delivery-title', type: 'Title', text: w.deliveryTitle },
        { id: 'delivery-text', type: 'Paragraph', text: w.deliveryIntro },
        // Postage, pickup and the stores as the checkout has them, filled when served.
        { id: 'delivery-info', type: 'DeliveryInfo' },
      ],
    },
    {
      pageId: 'contact',
      title: w.contactTitle,
      modules: [
        { id: 'contact-title', type: 'Title', text: w.contactTitle },
        { id: 'contact-text', type: 'RichText', html: w.contactHtml(contact) },
      ],
    },
    {
      pageId: 'returns',
      title: w.returnsTitle,
      modules: [
        { id: 'returns-title', type: 'Title', text: w.returnsTitle },
        { id: 'returns-text', type: 'RichText', html: w.returnsHtml },
      ],
    },
    {
      pageId: 'privacy',
      title: w.privacyTitle,
      modules: [
        { id: 'privacy-title', type: 'Title', text: w.privacyTitle },
        { id: 'privacy-text', type: 'RichText', html: w.privacyHtml },
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
    {
      pageId: TERMS_PAGE_ID,
      title: w.termsTitle,
      modules: [
        { id: 'terms-title', type: 'Title', text: w.termsTitle },
        { id: 'terms-text', type: 'RichText', html: w.termsHtml },
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
    invoice: {
      dueDays: 14,
      paymentDetails: 'Bank transfer to Print Shop Ltd, sort code 20-00-00, account 55779911',
    },
    regional: false,
    externalGiftSite: null,
    menu: menu(english),
    pages: pages(english, 5, {
      email: 'help@printshop.example',
      phone: '020 7946 0123',
      address: 'Print Shop Ltd, 120 Oxford Street, London W1D 1LT',
      hours: 'Monday to Saturday, 9:00–17:00',
    }),
    categories: categories(english),
    checkout: ukCheckout,
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
    invoice: { dueDays: 14, paymentDetails: 'Bankoverføring til Fotobutikken AS, kontonummer 1234.56.78903' },
    regional: true,
    externalGiftSite: 'https://gaver.example.no/',
    menu: menu(norwegian),
    pages: pages(norwegian, 6, {
      email: 'hjelp@fotobutikken.example',
      phone: '22 12 34 56',
      address: 'Fotobutikken AS, Stenersgata 1, 0050 Oslo',
      hours: 'mandag til lørdag kl. 9–17',
    }),
    categories: categories(norwegian),
    checkout: norwegianCheckout,
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
    invoice: {
      dueDays: 14,
      paymentDetails: 'ACH transfer to Print Shop Inc., routing 021000021, account 000123456789',
    },
    regional: false,
    externalGiftSite: null,
    menu: menu(english),
    pages: pages(english, 5, {
      email: 'help@printshop-us.example',
      phone: '(212) 555-0123',
      address: 'Print Shop Inc., 500 5th Avenue, New York, NY 10110',
      hours: 'Monday to Saturday, 9 am–5 pm',
    }),
    categories: categories(english),
    checkout: usCheckout,
    priceScale: 1.25,
    printFormats: printFormats(1.25, false),
  },
  {
    uuid: stableUuid('portal:dk'),
    name: 'Fotoshoppen',
    isDefault: false,
    hosts: ['dk.localhost'],
    locale: 'da_DK',
    useMetricSystem: true,
    currencyCode: 'DKK',
    currencyFormat: '#.##0,00 kr.',
    logo: { src: '/m/img/logo-dk.svg', alt: 'Fotoshoppen', href: '/', external: false },
    freeShippingThreshold: 34900,
    askAutoCorrection: true,
    minimumPrice: 3900,
    companyName: 'Fotoshoppen ApS',
    invoice: {
      dueDays: 14,
      paymentDetails: 'Bankoverførsel til Fotoshoppen ApS, reg.nr. 1234, kontonr. 0012345678',
    },
    regional: false,
    externalGiftSite: null,
    menu: menu(danish),
    pages: pages(danish, 5, {
      email: 'hjaelp@fotoshoppen.example',
      phone: '33 12 34 56',
      address: 'Fotoshoppen ApS, Amagertorv 14, 1160 København K',
      hours: 'mandag til lørdag kl. 9–17',
    }),
    categories: categories(danish),
    checkout: danishCheckout,
    // Kroner per pound, roughly: a 10x15 print is 3,15 kr.
    priceScale: 9,
    printFormats: printFormats(9, false),
  },
];
