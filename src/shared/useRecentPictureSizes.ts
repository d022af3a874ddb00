import { useEffect, useState } from 'react';
import type { PictureSize } from '../../engine/index.ts';
import { isAbort } from '../api/call.ts';
import { getRecentImages } from '../api/pictures.ts';

/**
 * The upright sizes of the shopper's pictures (one call for the whole cart), so each line can show
 * its crop exactly as it will print. Until they arrive, or for a picture not in the list, a line
 * shows the plain thumbnail.
 */
export function useRecentPictureSizes(): ReadonlyMap<string, PictureSize> {
  const [sizes, setSizes] = useState<ReadonlyMap<string, PictureSize>>(new Map());
  useEffect(() => {
    const controller = new AbortController();
    getRecentImages(controller.signal).then(
      (images) => setSizes(new Map(images.map((i) => [i.uuid, { width: i.width, height: i.height }]))),
      (error: unknown) => {
        if (!isAbort(error)) console.warn('The picture sizes could not be loaded', error);
      },
    );
    return () => controller.abort();
  }, []);
  return sizes;
}
