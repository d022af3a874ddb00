/**
 * The upload page's queue (S0 §4), one for the tab: uploads go on while the shopper looks at the
 * cart, and the grid is there again when they come back. Offline files wait for the network, files
 * the network dropped are tried again (issue 34), and the cart follows each picture that arrives:
 * the header's count and 'Adjust and order' read the server's cart, never a copy from before.
 * Uploads are resumable (issue 32): a cut costs only the rest, and the picked files are kept in
 * IndexedDB until they are in, so a reload goes on with them.
 */
import { isRefusedUpload, type UploadedFile, uploadPrint } from '../../api/upload.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { keepAcrossReloads } from '../../app/keptFiles.ts';
import { followNetwork, networkOptions } from '../../app/network.ts';
import { createUploadQueue, type UploadQueue } from '../../app/uploadQueue.ts';

let queue: UploadQueue<File, UploadedFile> | null = null;

export function printUploads(): UploadQueue<File, UploadedFile> {
  queue ??= followNetwork(
    keepAcrossReloads(
      createUploadQueue<File, UploadedFile>({
        upload: async (file, onProgress, signal) => {
          try {
            const record = await uploadPrint(file, onProgress, signal);
            void useCartStore.getState().load();
            return record;
          } catch (error) {
            console.warn(`Upload of ${file.name} failed`, error);
            throw error;
          }
        },
        ...networkOptions,
        keepFinished: true,
        isPermanent: isRefusedUpload,
        // The last answer may have been lost on the way while the picture reached the cart.
        onFinished: () => void useCartStore.getState().load(),
        resumable: true,
      }),
      'prints',
      // Kept until it is in the cart or the server refused it; a file that ran out of tries goes
      // again after a reload.
      (item) => item.status === 2 || (item.status === -1 && isRefusedUpload(item.error)),
    ),
  );
  return queue;
}
