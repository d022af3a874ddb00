import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAbort } from '../../api/call.ts';
import { getCart } from '../../api/cart.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { getProducts, inlinedProducts } from '../../api/products.ts';
import { isAcceptedPicture, uploadPrint } from '../../api/upload.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { useSizeFormat } from '../../app/format.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { type PrintSizeRange, printSizeRange } from '../products/shared.ts';

/** S0 §4. */
export type UploadPhase = 'WAITING_FOR_FILES' | 'UPLOADING' | 'UPLOAD_COMPLETE';

interface Item {
  id: number;
  name: string;
  status: 'pending' | 'uploading' | 'done' | 'failed';
  progress: number;
  uuid: string | null;
}

const ACCEPT = 'image/*,.heic,.heif';
let nextId = 0;

export function UploadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('upload.title'));
  const formatSize = useSizeFormat();
  const replaceCart = useCartStore((s) => s.replace);
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<UploadPhase>('WAITING_FOR_FILES');
  const [items, setItems] = useState<Item[]>([]);
  const [batch, setBatch] = useState<{ current: number; total: number }>({ current: 0, total: 0 });
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

  const update = (id: number, change: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  async function onFiles(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (chosen.length === 0) return;
    const verdicts = await Promise.all(chosen.map((file) => isAcceptedPicture(file).catch(() => false)));
    const accepted = chosen.filter((_, i) => verdicts[i]);
    setUnsupported(chosen.filter((_, i) => !verdicts[i]).map((file) => file.name));
    if (accepted.length === 0) return;
    const batchItems = accepted.map(
      (file): Item => ({ id: nextId++, name: file.name, status: 'pending', progress: 0, uuid: null }),
    );
    setItems((existing) => [...existing, ...batchItems]);
    setPhase('UPLOADING');
    // One request per file, one after the other; a failed file is logged and skipped (S0 §4).
    for (const [index, file] of accepted.entries()) {
      const item = batchItems[index]!;
      setBatch({ current: index + 1, total: accepted.length });
      update(item.id, { status: 'uploading' });
      try {
        const record = await uploadPrint(file, (progress) => update(item.id, { progress }));
        update(item.id, { status: 'done', progress: 1, uuid: record.uuid });
      } catch (error) {
        console.warn(`Upload of ${file.name} failed`, error);
        update(item.id, { status: 'failed' });
      }
    }
    setPhase('UPLOAD_COMPLETE');
    // The new print lines are in the cart: refresh it so the header badge counts them.
    getCart().then(replaceCart, (error: unknown) => console.warn('The cart could not be refreshed', error));
  }

  const openPicker = () => inputRef.current?.click();
  const current = items.find((item) => item.status === 'uploading');

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
            item.status === 'failed' ? (
              <li key={item.id} className="upload-item upload-item--failed" data-testid="upload-failed">
                {t('upload.failed', { name: item.name })}
              </li>
            ) : (
              <li
                key={item.id}
                className="upload-item"
                data-testid={item.uuid ? 'upload-thumb' : 'upload-pending'}
              >
                {item.uuid ? (
                  <LazyImage src={xphotoUrl(item.uuid)} alt={item.name} />
                ) : (
                  <progress max={100} value={Math.round(item.progress * 100)} aria-label={item.name} />
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
