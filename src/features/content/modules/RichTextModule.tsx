import { SafeHtml } from '../../../ui/SafeHtml.tsx';
import type { ModuleOf } from '../types.ts';

export function RichTextModule({ module }: { module: ModuleOf<'RichText'> }) {
  return <SafeHtml className="content-text rich-text" html={module.html} />;
}
