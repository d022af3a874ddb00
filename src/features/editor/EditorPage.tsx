/**
 * The customisation editor's route (S1 §2), full screen and in a chunk of its own (Konva loads here,
 * never on the start page): loads the template and the browser fonts, then hands them to the
 * editor screen. Routes: products/calendars/:productUuid/:templateUuid,
 * products/cards/:category/:productUuid/:templateUuid, products/photogift/:category/:productUuid/:templateUuid.
 */
import './editor.css';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isBook } from '../../../engine/index.ts';
import { appPathOf, firstScreenCalls } from '../../../shop/index.ts';
import { ownPictures } from '../../app/ownPictures.ts';
import { usePriceList } from '../../app/priceList.ts';
import { EditorNotReady } from './EditorNotReady.tsx';
import { EditorScreen } from './EditorScreen.tsx';
import { type EditorKind, listPath, storageKey } from './editorRules.ts';
import { preloadEditorTemplate, useEditorTemplate } from './useEditorTemplate.ts';

const loadOptions = (templateUuid: string) => ({ workKey: storageKey(templateUuid), account: true });

// This chunk arrives when an editor opens (or the page is one): what the editor loads starts now,
// before React renders it and runs its effects (issue 18's open time).
if (typeof window !== 'undefined') {
  for (const c of firstScreenCalls(appPathOf(window.location.pathname)))
    if (c.kind === 'template') preloadEditorTemplate(c.uuid, loadOptions(c.uuid));
}

export function EditorPage({ kind }: { kind: EditorKind }) {
  const { t } = useTranslation();
  const { templateUuid = '', productUuid = '', category } = useParams();
  const loaded = useEditorTemplate(templateUuid, loadOptions(templateUuid));
  // A photo book starts at its product's page rules and shows its price by page count: it waits for
  // the price list (other templates do not need it to open).
  const { products, failed } = usePriceList();
  const book = loaded.state === 'ready' && isBook(loaded.template);
  const bookProduct = book ? (products?.find((p) => p.uuid === productUuid) ?? null) : null;

  if (loaded.state !== 'ready' || (book && !products && !failed)) {
    return (
      <EditorNotReady
        failed={loaded.state === 'error' || (book && failed)}
        backTo={listPath(kind, category)}
        backLabel={t('editor.backToList')}
      />
    );
  }
  return (
    <EditorScreen
      key={loaded.template.uuid}
      template={loaded.template}
      fonts={loaded.fonts}
      productUuid={productUuid}
      leaveTo={listPath(kind, category)}
      startPictures={ownPictures()}
      account={loaded.account}
      bookProduct={bookProduct}
    />
  );
}
