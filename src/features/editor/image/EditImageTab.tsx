/** The image editor's Edit image tab (S1 §4): Rotate, Black/White, Sepia, Original. */
import { useTranslation } from 'react-i18next';
import type { Effect } from '../../../../engine/index.ts';

const EFFECT_KEYS = [
  { effect: 'bw', key: 'editorImage.bw' },
  { effect: 'sepia', key: 'editorImage.sepia' },
  { effect: 'original', key: 'editorImage.original' },
] as const satisfies readonly { effect: Effect; key: string }[];

export function EditImageTab(props: {
  effect: Effect;
  onRotate: () => void;
  onEffect: (effect: Effect) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="image-edit" data-testid="image-edit">
      <button type="button" className="editor-tool" onClick={props.onRotate}>
        {t('editorImage.rotate')}
      </button>
      {EFFECT_KEYS.map(({ effect, key }) => (
        <button
          key={effect}
          type="button"
          className="editor-tool"
          aria-pressed={props.effect === effect}
          onClick={() => props.onEffect(effect)}
        >
          {t(key)}
        </button>
      ))}
    </div>
  );
}
