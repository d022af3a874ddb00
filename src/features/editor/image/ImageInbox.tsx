/**
 * The image editor's inbox tab (S1 §4): the Upload button ('Upload more' once pictures exist), the
 * shopper's pictures as 76 px thumbnails newest first, the chosen one highlighted and a check mark on
 * pictures used in another slot; 'The image inbox is empty' without pictures. With pictures the design
 * does not use yet and places still empty, a button fills those places with them (S1 §4's autofill).
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentImage } from '../../../api/pictures.ts';
import { xphotoUrl } from '../../../api/pictures.ts';
import { CheckIcon } from '../../../ui/icons.tsx';
import { RetryingImg } from '../../../ui/LazyImage.tsx';
import { PictureFileInput } from '../../../ui/PictureFileInput.tsx';
import { PICTURE_RETRY_MS } from '../editorRules.ts';

export const INBOX_THUMB_PX = 76;

export function ImageInbox(props: {
  images: RecentImage[] | null;
  selected: string | null;
  usedElsewhere: ReadonlySet<string>;
  onPick: (image: RecentImage) => void;
  onFiles: (files: File[]) => void;
  /** Pictures already uploaded and not in the design, offered for its empty places (issue 34). */
  fill?: { places: number; onFill: () => void } | null;
}) {
  const { images, selected, usedElsewhere, onPick, onFiles, fill } = props;
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const any = !!images && images.length > 0;
  return (
    <div className="image-inbox" data-testid="image-inbox">
      <button type="button" className="button image-inbox__upload" onClick={() => input.current?.click()}>
        {any ? t('editorImage.uploadMore') : t('editorImage.upload')}
      </button>
      <PictureFileInput inputRef={input} onFiles={onFiles} testId="image-inbox-file" />
      {fill && (
        <button type="button" className="button button--secondary image-inbox__fill" onClick={fill.onFill}>
          {t('editorImage.fillEmpty', { count: fill.places })}
        </button>
      )}
      {images && images.length === 0 && <p className="image-inbox__empty">{t('editorImage.inboxEmpty')}</p>}
      {any && (
        <ul className="image-inbox__list" aria-label={t('editorImage.imageInbox')}>
          {images.map((image, n) => {
            const used = usedElsewhere.has(image.uuid);
            return (
              <li key={image.uuid}>
                <button
                  type="button"
                  className="image-inbox__thumb"
                  aria-pressed={image.uuid === selected}
                  aria-label={
                    used
                      ? t('editorImage.pictureUsed', { number: n + 1 })
                      : t('editorImage.picture', { number: n + 1 })
                  }
                  data-uuid={image.uuid}
                  data-used={used}
                  onClick={() => onPick(image)}
                >
                  <RetryingImg
                    delayMs={PICTURE_RETRY_MS}
                    src={xphotoUrl(image.uuid, 320)}
                    alt=""
                    width={INBOX_THUMB_PX}
                    height={INBOX_THUMB_PX}
                    loading="lazy"
                    draggable={false}
                  />
                  {used && (
                    <span className="image-inbox__used">
                      <CheckIcon />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
