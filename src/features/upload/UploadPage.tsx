import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAbort } from '../../api/call.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { getProducts, inlinedProducts } from '../../api/products.ts';
import { isAcceptedPicture } from '../../api/upload.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { useSizeFormat } from '../../app/format.ts';
import { useOnline } from '../../app/network.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { QualityWords, useLineQuality } from '../../shared/QualityWords.tsx';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { type PrintSizeRange, printSizeRange } from '../products/shared.ts';
import { printUploads } from './printUploads.ts';

/** S0 §4. */
export type UploadPhase = 'WAITING_FOR_FILES' | 'UPLOADING' | 'UPLOAD_COMPLETE';

const ACCEPT = 'image/*,.heic,.heif';

export function UploadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('upload.title'));
  const formatSize = useSizeFormat();
  const inputRef = useRef<HTMLInputElement>(null);
  const queue = printUploads();
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  const online = useOnline();
  const items = state.items;
  const phase: UploadPhase = state.running
    ? 'UPLOADING'
    : items.length > 0
      ? 'UPLOAD_COMPLETE'
      : 'WAITING_FOR_FILES';
  // 'Uploading picture n of m' counts the files of this run: those added since the queue was idle.
  const [runStart, setRunStart] = useState(0);
  const run = items.filter((item) => item.id >= runStart);
  const batch = {
    current: Math.min(run.length, run.filter((item) => item.status === 2 || item.status === -1).length + 1),
    total: run.length,
  };
  const failedIds = items.filter((item) => item.status === -1).map((item) => item.id);
  // Each uploaded picture's print line, so its tile can say how sharp it prints (issue 34).
  const cart = useCartStore((s) => s.cart);
  const knownSizes = useMemo(
    () =>
      new Map(
        items.flatMap((item) =>
          item.result?.width && item.result.height
            ? [[item.result.uuid, { width: item.result.width, height: item.result.height }] as const]
            : [],
        ),
      ),
    [items],
  );
  const qualityOf = useLineQuality(knownSizes);
  const lineQualityOf = (uuid: string) => {
    const line = cart?.orderLines.find((l) => l.files[0]?.uuid === uuid);
    return line && qualityOf(line);
  };
  const [unsupported, setUnsupported] = useState<string[]>([]);
  // The upload page's HTML brings the price list (shop/firstScreen.ts), so its first render, on the
  // server too, names the sizes.
  const [sizes, setSizes] = useState<PrintSizeRange | null>(() => {
    const inPage = inlinedProducts();
    return inPage ? printSizeRange(inPage) : null;
  });
  const known = sizes !== null;

  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    getProducts(controller.signal).then(
      (products) => setSizes(printSizeRange(products)),
      (error: unknown) => {
        if (!isAbort(error)) setSizes(null);
      },
    );
    return () => controller.abort();
  }, [known]);

  async function onFiles(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (chosen.length === 0) return;
    const verdicts = await Promise.all(chosen.map((file) => isAcceptedPicture(file).catch(() => false)));
    const accepted = chosen.filter((_, i) => verdicts[i]);
    setUnsupported(chosen.filter((_, i) => !verdicts[i]).map((file) => file.name));
    if (accepted.length === 0) return;
    if (!queue.getState().running) setRunStart(Math.max(0, ...items.map((item) => item.id + 1)));
    queue.add(accepted);
  }

  const openPicker = () => inputRef.current?.click();
  const current = items.find((item) => item.status === 1);

  return (
    <section className="page upload-page" data-phase={phase}>
      <h1>{t('upload.title')}</h1>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => void onFiles(event.currentTarget.files)}
      />
      {unsupported.length > 0 && (
        <div className="upload-unsupported" role="alert" data-testid="upload-unsupported">
          {unsupported.map((name) => (
            <p key={name}>{t('upload.unsupported', { name })}</p>
          ))}
        </div>
      )}
      {!online && (
        <p className="upload-offline" role="alert" data-testid="upload-offline">
          {t('upload.offline')}
        </p>
      )}
      {phase === 'WAITING_FOR_FILES' && (
        <div className="upload-waiting">
          {sizes && (
            <p data-testid="upload-size-range">
              {t('upload.sizeRange', {
                smallest: formatSize(sizes.smallest.widthMm, sizes.smallest.heightMm),
                largest: formatSize(sizes.largest.widthMm, sizes.largest.heightMm),
              })}
            </p>
          )}
          <button type="button" className="button" onClick={openPicker}>
            {t('upload.uploadNow')}
          </button>
        </div>
      )}
      {phase === 'UPLOADING' && (
        <div className="upload-progress" role="status">
          <p data-testid="upload-status">
            {t('upload.uploading', { current: batch.current, total: batch.total })}
          </p>
          <progress
            max={100}
            value={Math.round((current?.progress ?? 0) * 100)}
            aria-label={t('upload.progress')}
          />
        </div>
      )}
      {phase === 'UPLOAD_COMPLETE' && (
        <div className="upload-complete">
          <p>{t('upload.autoFit')}</p>
          <p className="upload-actions">
            {failedIds.length > 0 && (
              <button type="button" className="button" onClick={() => queue.retry()}>
                {t('upload.retryAll', { count: failedIds.length })}
              </button>
            )}
            <button type="button" className="button" onClick={openPicker}>
              {t('upload.uploadMore')}
            </button>
            <Link className="button" to="/cart">
              {t('upload.adjustAndOrder')}
            </Link>
          </p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="upload-list">
          {items.map((item) =>
            item.status === -1 ? (
              <li key={item.id} className="upload-item upload-item--failed" data-testid="upload-failed">
                <span>{t('upload.failed', { name: item.file.name })}</span>
                <button
                  type="button"
                  className="button"
                  aria-label={t('upload.retryOne', { name: item.file.name })}
                  onClick={() => queue.retry([item.id])}
                >
                  {t('common.retry')}
                </button>
              </li>
            ) : (
              <li
                key={item.id}
                className="upload-item"
                data-testid={item.result ? 'upload-thumb' : 'upload-pending'}
              >
                {item.result ? (
                  <>
                    <LazyImage src={xphotoUrl(item.result.uuid)} alt={item.file.name} />
                    <QualityWords quality={lineQualityOf(item.result.uuid)} />
                  </>
                ) : (
                  <>
                    <progress max={100} value={Math.round(item.progress * 100)} aria-label={item.file.name} />
                    {state.offline && item.status === 0 && (
                      <span className="upload-item__waiting">{t('upload.waitingForNetwork')}</span>
                    )}
                  </>
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
