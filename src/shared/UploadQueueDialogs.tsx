/**
 * The upload queue's two dialogs (S1 §4, §8): the upload status with a progress bar and
 * 'Retrying...' while a file waits for its next try, and 'Upload failed' with Ok when a run ends
 * with a failure (and, beyond the spec, 'Try again'; offline said as offline: issue 34). Shown wherever a queue runs: the template editor and 'View with own pictures'.
 */
import './upload-queue.css';
import { memo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { queueProgress, type UploadQueue } from '../app/uploadQueue.ts';
import { Dialog } from '../ui/Dialog.tsx';

/** Drawn again only when its queue changes (its own subscription), not with the screen around it: a photo book's overview redraws that screen on every tap. */
export const UploadQueueDialogs = memo(UploadQueueDialogsOf) as typeof UploadQueueDialogsOf;

function UploadQueueDialogsOf<F, R>({ queue }: { queue: UploadQueue<F, R> }) {
  const { t } = useTranslation();
  // On the server (a template list drawn there) the queue is as new: nothing picked yet.
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  const progress = queueProgress(state);
  const current = Math.min(progress.total, progress.done + 1);
  return (
    <>
      <Dialog
        open={state.running}
        onClose={() => {}}
        title={t('editorImage.uploadStatus')}
        testId="upload-status-dialog"
      >
        <p>{t('editorImage.uploadingOf', { number: current, total: progress.total })}</p>
        <progress
          className="upload-queue__bar"
          max={1}
          value={progress.fraction}
          aria-label={t('editorImage.uploadStatus')}
        />
        {state.offline ? (
          <p role="alert">{t('editorImage.offline')}</p>
        ) : (
          state.retrying && <p role="status">{t('editorImage.retrying')}</p>
        )}
      </Dialog>
      <Dialog
        open={state.failed && !state.running}
        onClose={queue.acknowledge}
        title={t('editorImage.uploadFailed')}
        testId="upload-failed-dialog"
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => queue.retry()}>
              {t('common.retry')}
            </button>
            <button type="button" className="button" onClick={queue.acknowledge}>
              {t('editorImage.ok')}
            </button>
          </>
        }
      >
        <p>{t('editorImage.uploadFailedText')}</p>
      </Dialog>
    </>
  );
}
