/**
 * What the image editor keeps for as long as the editor is open, one per editor store: the upload
 * queue (uploads go on when the image editor closes, and their pictures still autofill) and the
 * shopper's recent pictures for the inbox.
 */
import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import {
  getRecentImages,
  type RecentImage,
  type UploadedPicture,
  uploadPicture,
} from '../../../api/pictures.ts';
import { isAcceptedPicture } from '../../../api/upload.ts';
import { followNetwork, networkOptions } from '../../../app/network.ts';
import { createUploadQueue, type UploadQueue } from '../../../app/uploadQueue.ts';
import type { EditorState } from '../editorStore.ts';

export interface RecentState {
  /** Newest first; null until the first answer. */
  images: RecentImage[] | null;
  refresh: () => Promise<void>;
}

export interface ImageSession {
  queue: UploadQueue<File, UploadedPicture>;
  recent: StoreApi<RecentState>;
  /** Accepts the picked files that are pictures (S1 §5) and queues them. */
  addFiles: (files: File[]) => Promise<void>;
}

const sessions = new WeakMap<StoreApi<EditorState>, ImageSession>();

export function imageSession(editor: StoreApi<EditorState>): ImageSession {
  const existing = sessions.get(editor);
  if (existing) return existing;

  const recent = createStore<RecentState>((set) => ({
    images: null,
    refresh: async () => {
      try {
        set({ images: await getRecentImages() });
      } catch (error) {
        console.warn('The recent pictures could not be loaded', error);
        set((s) => ({ images: s.images ?? [] }));
      }
    },
  }));

  const queue = createUploadQueue<File, UploadedPicture>({
    upload: uploadPicture,
    ...networkOptions,
    resumable: true,
    onFinished: (results) => {
      if (results.length > 0) {
        // S1 §4: new pictures go into the empty picture slots.
        editor.getState().run(
          'autofill',
          results.map(({ uuid, width, height }) => ({ uuid, width, height })),
        );
        // Newest first in the inbox at once; the server's list follows.
        const known = recent.getState().images ?? [];
        const fresh = [...results]
          .reverse()
          .map(({ uuid, width, height }) => ({ uuid, width, height }))
          .filter((p) => !known.some((k) => k.uuid === p.uuid));
        recent.setState({ images: [...fresh, ...known] });
      }
      void recent.getState().refresh();
    },
  });

  const session: ImageSession = {
    queue,
    recent,
    addFiles: async (files) => {
      const accepted: File[] = [];
      for (const file of files) if (await isAcceptedPicture(file)) accepted.push(file);
      queue.add(accepted);
    },
  };
  followNetwork(queue);
  sessions.set(editor, session);
  return session;
}
