/**
 * Make my book (issue 33): the shopper picks 20 to 300 pictures, they go up as photo book uploads
 * (no print lines), the auto-create job lays the book out while a bar shows how far it is, and the
 * editor opens on the book it made. What it left out stays in the book's tray.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookTemplate, Instance } from '../../../../engine/index.ts';
import { AUTOCREATE_PICTURES } from '../../../../shop/index.ts';
import { autocreateStatus, startAutocreate, uploadBookPicture } from '../../../api/photobooks.ts';
import { isRefusedUpload } from '../../../api/upload.ts';
import { designInstance } from './bookRules.ts';
import './photobook.css';

type Step =
  | { kind: 'choose'; tooFew?: boolean }
  | { kind: 'uploading'; done: number; total: number }
  | { kind: 'making'; progress: number }
  | { kind: 'failed' };

/** Pictures sent at once: enough to keep a phone's connection busy, few enough to keep each fast. */
const PARALLEL_UPLOADS = 3;
const POLL_MS = 700;
/** Waits before each new try of an upload that failed for a reason a try can mend (no answer, busy). */
const RETRY_MS = [500, 1500, 4000, 8000];

/** An upload tried again while it fails for a reason a try can mend; a refused file fails at once. */
async function withRetries<T>(send: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (isRefusedUpload(error) || attempt >= RETRY_MS.length || signal.aborted) throw error;
      console.warn('A book picture upload is tried again', error);
      await new Promise((r) => setTimeout(r, RETRY_MS[attempt]));
    }
  }
}

export function MakeBookScreen(props: {
  template: BookTemplate;
  today: Date;
  onMade: (instance: Instance, leftOut: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const stopped = useRef(new AbortController());
  useEffect(() => () => stopped.current.abort(), []);

  async function make(files: File[]) {
    const signal = stopped.current.signal;
    const sizes = new Map<string, { width: number; height: number }>();
    const uuids: string[] = new Array(files.length);
    let next = 0;
    let done = 0;
    setStep({ kind: 'uploading', done, total: files.length });
    const send = async () => {
      const k = next++;
      const picture = await withRetries(() => uploadBookPicture(files[k]!, () => {}, signal), signal);
      uuids[k] = picture.uuid;
      sizes.set(picture.uuid, { width: picture.width, height: picture.height });
      if (!signal.aborted) setStep({ kind: 'uploading', done: ++done, total: files.length });
    };
    try {
      // The first picture goes alone: a new visitor's session is made by it, and uploads started
      // before its cookie came back would each make one of their own.
      await send();
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length - 1) }, async () => {
          while (next < files.length && !signal.aborted) await send();
        }),
      );
      setStep({ kind: 'making', progress: 0 });
      const job = await startAutocreate(props.template.uuid, uuids);
      for (;;) {
        const answer = await autocreateStatus(job, signal);
        if (answer.status === 'failed') throw new Error('The book could not be made');
        if (answer.status === 'done' && answer.design) {
          props.onMade(
            designInstance(props.template, answer.design, sizes, props.today),
            answer.dropped.length,
          );
          return;
        }
        setStep({ kind: 'making', progress: answer.progress });
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (error) {
      if (!signal.aborted) {
        console.warn('Make my book failed', error);
        // The other uploads stop, and none of them shows progress over the failure.
        stopped.current.abort();
        stopped.current = new AbortController();
        setStep({ kind: 'failed' });
      }
    }
  }

  const choose = (list: FileList | null) => {
    const files = [...(list ?? [])].slice(0, AUTOCREATE_PICTURES.max);
    if (files.length < AUTOCREATE_PICTURES.min) setStep({ kind: 'choose', tooFew: true });
    else void make(files);
  };

  return (
    <section className="book-make" aria-labelledby="book-make-title" data-testid="make-book">
      <h2 id="book-make-title">{t('photobook.make')}</h2>
      {(step.kind === 'choose' || step.kind === 'failed') && (
        <>
          <p>{t('photobook.chooseIntro', AUTOCREATE_PICTURES)}</p>
          {step.kind === 'choose' && step.tooFew && (
            <p role="alert">{t('photobook.tooFew', AUTOCREATE_PICTURES)}</p>
          )}
          {step.kind === 'failed' && <p role="alert">{t('photobook.failed')}</p>}
          <label className="button">
            {t('photobook.choosePictures')}
            <input
              type="file"
              accept="image/*,.heic,.heif"
              multiple
              hidden
              data-testid="book-pictures"
              onChange={(e) => choose(e.target.files)}
            />
          </label>
        </>
      )}
      {step.kind === 'uploading' && (
        <>
          <p>{t('photobook.uploading', { done: step.done, total: step.total })}</p>
          <progress max={step.total} value={step.done} aria-label={t('photobook.uploadProgress')} />
        </>
      )}
      {step.kind === 'making' && (
        <>
          <p>{t('photobook.making')}</p>
          <progress max={1} value={step.progress} aria-label={t('photobook.makeProgress')} />
        </>
      )}
      <div className="book-make__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {t('editor.cancel')}
        </button>
      </div>
    </section>
  );
}
