import { useEffect, useState } from 'react';
import { isAbort } from '../../api/call.ts';
import { getRecentImages, xphotoUrl } from '../../api/pictures.ts';
import type { KnownPicture } from '../../ui/PrintPreview.tsx';

export type { KnownPicture };

export type PictureState =
  | { status: 'loading' }
  | { status: 'failed' }
  | ({ status: 'ready' } & KnownPicture);

/** The line's picture size, upright (S0 §3 recent images), which every crop computation needs. */
export function usePictureSize(uuid: string | undefined): PictureState {
  const [state, setState] = useState<PictureState>({ status: 'loading' });

  useEffect(() => {
    if (!uuid) {
      setState({ status: 'failed' });
      return;
    }
    const controller = new AbortController();
    let preview: HTMLImageElement | null = null;
    // The recent-images list is capped, so an old picture may be missing from it.
    const fromPreview = () => {
      preview = new Image();
      preview.onload = () => {
        const image = preview;
        if (!image || controller.signal.aborted) return;
        setState({
          status: 'ready',
          size: { width: image.naturalWidth, height: image.naturalHeight },
          exact: false,
        });
      };
      preview.onerror = () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      };
      preview.src = xphotoUrl(uuid, 640);
    };
    getRecentImages(controller.signal).then(
      (images) => {
        const found = images.find((image) => image.uuid === uuid);
        if (found)
          setState({
            status: 'ready',
            size: { width: found.width, height: found.height },
            exact: true,
            regions: found.regions ?? null,
          });
        else fromPreview();
      },
      (error: unknown) => {
        if (!isAbort(error)) fromPreview();
      },
    );
    return () => {
      controller.abort();
      if (preview) preview.onload = preview.onerror = null;
    };
  }, [uuid]);

  return state;
}
