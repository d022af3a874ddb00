/**
 * /cart/edit/{uuid} for a template line (S0 §2: types 1, 2 and 89 open the template editor): the
 * line's template at the line's version and the browser fonts, then the editor in update mode with
 * the line's resources and year. Its own chunk with the editor (Konva), never the start page's.
 */
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '../../../shop/index.ts';
import { EditorNotReady, EditorScreen, lineStorageKey, useEditorTemplate } from '../editor/shared.ts';

const ABOVE_SHELL = { position: 'fixed', inset: 0, zIndex: 100 } as const;

export function TemplateLineEditor({ line }: { line: OrderLine }) {
  const { t } = useTranslation();
  const entry = line.templates[0];
  const templateUuid = entry?.template ?? '';
  const version = entry?.version;
  const loaded = useEditorTemplate(templateUuid, {
    version,
    workKey: lineStorageKey(line.uuid),
    more: entry?.resources,
  });

  if (!entry || loaded.state !== 'ready') {
    return (
      <EditorNotReady
        failed={!entry || loaded.state === 'error'}
        backTo="/cart"
        backLabel={t('buy.backToCart')}
      />
    );
  }
  return (
    // Full screen above the shop's header: /cart/edit lives inside the shell (S0 §2).
    <div style={ABOVE_SHELL}>
      <EditorScreen
        key={line.uuid}
        template={loaded.template}
        fonts={loaded.fonts}
        productUuid={line.product.uuid}
        leaveTo={`/cart/view/${line.uuid}`}
        updateMode
        line={line}
      />
    </div>
  );
}
