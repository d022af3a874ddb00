import type { ContentModule, PageModule } from '../../../shop/index.ts';
import { lazyScreen } from '../../app/lazyScreen.tsx';
import { ImageModule } from './modules/ImageModule.tsx';
import { ParagraphModule } from './modules/ParagraphModule.tsx';
import { PromoteCategoryModule } from './modules/PromoteCategoryModule.tsx';
import { RichTextModule } from './modules/RichTextModule.tsx';
import { SliderModule } from './modules/SliderModule.tsx';
import { TitleModule } from './modules/TitleModule.tsx';

// The Delivery and Help pages' facts (issue 34) load with those pages, not with the start page.
const DeliveryInfoModule = lazyScreen(() =>
  import('./modules/DeliveryInfoModule.tsx').then((m) => m.DeliveryInfoModule),
);
const PaymentInfoModule = lazyScreen(() =>
  import('./modules/PaymentInfoModule.tsx').then((m) => m.PaymentInfoModule),
);

const KNOWN_TYPES: ReadonlySet<string> = new Set<ContentModule['type']>([
  'Slider',
  'PromoteCategory',
  'Title',
  'Paragraph',
  'Image',
  'RichText',
  'DeliveryInfo',
  'PaymentInfo',
]);

function isKnown(module: PageModule): module is ContentModule {
  return KNOWN_TYPES.has(module.type);
}

/** Each unknown module is reported once per visit, not on every render. */
const reported = new Set<string>();

/**
 * S0 §2 showed an unknown module's id; a shopper cannot use an id, so it is skipped and logged for
 * the shop's editors instead (issue 15, docs/decisions.md).
 */
export function isShown(module: PageModule): module is ContentModule {
  if (isKnown(module)) return true;
  const key = `${module.type}/${module.id}`;
  if (!reported.has(key)) {
    reported.add(key);
    console.warn(`Skipped content module "${module.id}": the type "${module.type}" is unknown to this app`);
  }
  return false;
}

export function ModuleView({ module }: { module: ContentModule }) {
  switch (module.type) {
    case 'Slider':
      return <SliderModule module={module} />;
    case 'PromoteCategory':
      return <PromoteCategoryModule module={module} />;
    case 'Title':
      return <TitleModule module={module} />;
    case 'Paragraph':
      return <ParagraphModule module={module} />;
    case 'Image':
      return <ImageModule module={module} />;
    case 'RichText':
      return <RichTextModule module={module} />;
    case 'DeliveryInfo':
      return <DeliveryInfoModule module={module} />;
    case 'PaymentInfo':
      return <PaymentInfoModule module={module} />;
  }
}
