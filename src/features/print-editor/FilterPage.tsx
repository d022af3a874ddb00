import { useTranslation } from 'react-i18next';
import { EFFECTS, type Effect } from '../../../engine/index.ts';
import type { DraftView } from '../../../shop/index.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { PrintPreview } from '../../ui/PrintPreview.tsx';
import { EditorPage } from './EditorPage.tsx';
import type { KnownPicture } from './usePictureSize.ts';

/** The scale the editor's previews use (S0 §7); the editor preloads these when it opens. */
export const PREVIEW_SCALE = 640;

interface FilterPageProps {
  pictureUuid: string;
  view: DraftView;
  picture: KnownPicture;
  current: Effect;
  onChoose: (filter: Effect) => void;
  onCancel: () => void;
}

/** The filter page (S0 §2): Original, Black/White and Sepia, each shown on the print as cropped. */
export function FilterPage({ pictureUuid, view, picture, current, onChoose, onCancel }: FilterPageProps) {
  const { t } = useTranslation();
  return (
    <EditorPage title={t('prints.filter')} onCancel={onCancel}>
      <ul className="print-editor__filters">
        {EFFECTS.map((effect) => (
          <li key={effect}>
            <button
              type="button"
              className="print-editor__choice print-editor__filter"
              aria-pressed={effect === current}
              onClick={() => onChoose(effect)}
            >
              <PrintPreview
                geometry={view}
                crop={view.crop}
                src={xphotoUrl(pictureUuid, PREVIEW_SCALE, effect)}
                alt=""
                picture={picture}
                size="small"
                warnings={false}
              />
              <span className="print-editor__choice-label">{t(`prints.${effect}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </EditorPage>
  );
}
