import { SafeHtml } from '../../../ui/SafeHtml.tsx';
import type { ModuleOf } from '../types.ts';

/** Plain text becomes one paragraph per line; HTML goes through the sanitiser. */
export function ParagraphModule({ module }: { module: ModuleOf<'Paragraph'> }) {
  if (module.html) return <SafeHtml className="content-text" html={module.html} />;
  const lines = (module.text ?? '').split(/\r?\n/).filter((line) => line.trim() !== '');
  return (
    <div className="content-text">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their place
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}
