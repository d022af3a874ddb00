import type { ContentModule, PageModule } from '../../../shop/contract.ts';
import { ImageModule } from './modules/ImageModule.tsx';
import { ParagraphModule } from './modules/ParagraphModule.tsx';
import { PromoteCategoryModule } from './modules/PromoteCategoryModule.tsx';
import { RichTextModule } from './modules/RichTextModule.tsx';
import { SliderModule } from './modules/SliderModule.tsx';
import { TitleModule } from './modules/TitleModule.tsx';

const KNOWN_TYPES: ReadonlySet<string> = new Set<ContentModule['type']>([
  'Slider',
  'PromoteCategory',
  'Title',
  'Paragraph',
  'Image',
  'RichText',
]);

function isKnown(module: PageModule): module is ContentModule {
  return KNOWN_TYPES.has(module.type);
}

export function ModuleView({ module }: { module: PageModule }) {
  if (!isKnown(module)) {
    // S0 §2: an unknown module shows only its id.
    return <div data-testid="unknown-module">{module.id}</div>;
  }
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
  }
}
