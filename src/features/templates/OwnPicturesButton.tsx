/**
 * 'View with own pictures' (S1 §2): the shopper picks pictures, the editor's upload queue sends
 * them (one after another, five tries each, the same dialogs), and the template previews show them.
 * 'Show the template pictures' goes back to the templates' own previews.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadedPicture, uploadPicture } from '../../api/pictures.ts';
import { isAcceptedPicture } from '../../api/upload.ts';
import { followNetwork, networkOptions } from '../../app/network.ts';
import { addOwnPictures, clearOwnPictures, useOwnPictures } from '../../app/ownPictures.ts';
import { createUploadQueue, type UploadQueue } from '../../app/uploadQueue.ts';
import { UploadQueueDialogs } from '../../shared/UploadQueueDialogs.tsx';
import { PictureFileInput } from '../../ui/PictureFileInput.tsx';

// One queue for the tab: uploads go on while the shopper moves between lists.
let queue: UploadQueue<File, UploadedPicture> | null = null;
function ownPicturesQueue() {
  queue ??= followNetwork(
    createUploadQueue<File, UploadedPicture>({
      upload: uploadPicture,
      ...networkOptions,
      resumable: true,
      onFinished: (results) => {
        if (results.length > 0)
          addOwnPictures(results.map(({ uuid, width, height }) => ({ uuid, width, height })));
      },
    }),
  );
  return queue;
}

export function OwnPicturesButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const pictures = useOwnPictures();
  const uploads = ownPicturesQueue();

  const pick = async (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files) if (await isAcceptedPicture(file)) accepted.push(file);
    uploads.add(accepted);
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary template-list__own"
        onClick={() => input.current?.click()}
        data-testid="own-pictures"
      >
        <PictureIcon />
        {t('templates.ownPictures')}
      </button>
      <PictureFileInput inputRef={input} onFiles={(files) => void pick(files)} testId="own-pictures-input" />
      {pictures.length > 0 && (
        <p className="template-list__own-note" role="status">
          {t('templates.ownPicturesShown', { count: pictures.length })}{' '}
          <button type="button" className="link-button" onClick={clearOwnPictures}>
            {t('templates.samplePictures')}
          </button>
        </p>
      )}
      <UploadQueueDialogs queue={uploads} />
    </>
  );
}

function PictureIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M3 16l5-5 4 4 3-3 6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="15.5" cy="9.5" r="1.5" fill="currentColor" />
    </svg>
  );
}
