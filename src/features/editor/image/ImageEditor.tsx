/**
 * The image sub-menu of the editor (S1 §4, §8): Choose image (select mode with numbered buttons)
 * when the page has several editable picture slots and none is chosen, else the image editor for the
 * current slot: tabs Image inbox and Edit image, Cancel (restores the slot as it was when the editor
 * opened) and Done. The upload queue's dialogs are the editor screen's (they show whatever menu is open).
 *
 * Every change goes through the editor store's engine commands (setPicture, rotate, setEffect,
 * setCrop, autofill), so undo and the saved state cover them. Cancel undoes back to the history
 * length at opening (the engine has no command to empty a slot again).
 */
import './image.css';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import type { PageScene } from '../../../../engine/index.ts';
import {
  cropQuality,
  editableSlots,
  emptyPictureSlots,
  hasFitWarning,
  leastPrintDpi,
  partFor,
  zoomClampDpi,
  zoomStop,
} from '../../../../engine/index.ts';
import { atZoomStop, explainQuality, QualityBadge } from '../../../ui/QualityBadge.tsx';
import { type EditorState, useEditedTemplate } from '../editorStore.ts';
import { EditImageTab } from './EditImageTab.tsx';
import { ImageInbox } from './ImageInbox.tsx';
import { imageSession } from './imageSession.ts';

/** S1 §9: the gesture hint shows once per browser session and hides after 10 s. */
export const HINT_KEY = 'editorImage.hintShown';
export const HINT_MS = 10_000;

export function ImageMenu(props: { store: StoreApi<EditorState>; scene: PageScene; onExit: () => void }) {
  const { store, scene, onExit } = props;
  const { t } = useTranslation();
  const template = useEditedTemplate(store);
  const current = useStore(store, (s) => s.history.instance.currentResourceId);
  const ids = useMemo(() => editableSlots(template, scene.pageId, 'IMAGE'), [template, scene.pageId]);

  // S1 §4: with one editable picture slot on the page, Insert image opens its editor at once.
  const only = ids.length === 1 ? ids[0]! : null;
  useLayoutEffect(() => {
    if (current === null && only) store.getState().run('selectResource', only);
  }, [current, only, store]);

  return (
    <>
      {current === null ? (
        only ? null : (
          <section
            className="editor-menu image-choose"
            aria-labelledby="image-choose-title"
            data-testid="choose-image"
          >
            <h2 id="image-choose-title" className="image-choose__title">
              {t('editorImage.chooseImage')}
            </h2>
            {ids.length === 0 && <p className="image-choose__note">{t('editorImage.noPictureOnPage')}</p>}
            <div className="image-choose__buttons">
              {ids.map((id, n) => (
                <button
                  key={id}
                  type="button"
                  className="image-choose__button"
                  aria-label={t('editorImage.slot', { number: n + 1 })}
                  onClick={() => store.getState().run('selectResource', id)}
                >
                  {n + 1}
                </button>
              ))}
            </div>
            <div className="editor-menu__actions">
              <button type="button" className="button button--secondary" onClick={onExit}>
                {t('editorImage.cancel')}
              </button>
            </div>
          </section>
        )
      ) : (
        <ImageEditor key={current} store={store} slotId={current} onExit={onExit} />
      )}
    </>
  );
}

function ImageEditor(props: { store: StoreApi<EditorState>; slotId: string; onExit: () => void }) {
  const { store, slotId, onExit } = props;
  const { t } = useTranslation();
  const session = imageSession(store);
  const images = useStore(session.recent, (s) => s.images);
  const resources = useStore(store, (s) => s.history.instance.resources);
  const value = resources[slotId];
  const image = value?.type === 'IMAGE' ? value.image : null;
  const [mark] = useState(() => store.getState().history.past.length);
  const [tab, setTab] = useState<'inbox' | 'edit'>('inbox');
  const hint = useHint();

  useEffect(() => {
    void session.recent.getState().refresh();
  }, [session]);

  const usedElsewhere = useMemo(() => {
    const used = new Set<string>();
    for (const [id, v] of Object.entries(resources)) {
      if (id !== slotId && v.type === 'IMAGE' && v.image) used.add(v.image.uuid);
    }
    return used;
  }, [resources, slotId]);

  const { run } = store.getState();
  const template = useEditedTemplate(store);
  const instance = useStore(store, (s) => s.history.instance);
  const fill = useMemo(() => {
    const places = emptyPictureSlots(template, instance).length;
    const inDesign = new Set(
      Object.values(instance.resources).flatMap((v) => (v.type === 'IMAGE' && v.image ? [v.image.uuid] : [])),
    );
    const unused = (images ?? []).filter((p) => !inDesign.has(p.uuid));
    if (places === 0 || unused.length === 0) return null;
    return {
      places,
      onFill: () =>
        run(
          'autofill',
          // With what the analysis found, so each place's crop holds the faces (issue 32).
          unused.map(({ uuid, width, height, regions }) => ({ uuid, width, height, regions })),
        ),
    };
  }, [template, instance, images, run]);
  const cancel = () => {
    // Back to the slot as it was: undo this editor's steps.
    while (store.getState().history.past.length > mark) store.getState().undo();
    onExit();
  };

  return (
    <section
      className="editor-menu image-editor"
      aria-label={t('editorImage.title')}
      data-testid="image-editor"
    >
      {hint.shown && (
        <div className="image-hint" role="status" data-testid="image-hint">
          <button type="button" className="image-hint__text" onClick={hint.hide}>
            {t('editorImage.hint')}
          </button>
        </div>
      )}
      {image && <SlotQuality store={store} slotId={slotId} />}
      {image && hasFitWarning(image.cropRect) && (
        <p className="image-editor__warning" role="alert">
          {t('editorImage.cropWarning')}
        </p>
      )}
      <div className="image-editor__tabs" role="tablist">
        <button
          type="button"
          role="tab"
          className="image-editor__tab"
          aria-selected={tab === 'inbox'}
          onClick={() => setTab('inbox')}
        >
          {t('editorImage.imageInbox')}
        </button>
        <button
          type="button"
          role="tab"
          className="image-editor__tab"
          aria-selected={tab === 'edit'}
          disabled={!image}
          onClick={() => setTab('edit')}
        >
          {t('editorImage.editImage')}
        </button>
      </div>
      <div role="tabpanel" className="image-editor__panel">
        {tab === 'inbox' || !image ? (
          <ImageInbox
            images={images}
            selected={image?.uuid ?? null}
            usedElsewhere={usedElsewhere}
            onPick={(picked) => {
              // S1 §4: choosing the picture already there keeps its crop, rotation and effect.
              if (image?.uuid === picked.uuid) return;
              run('setPicture', slotId, { uuid: picked.uuid, width: picked.width, height: picked.height });
            }}
            onFiles={(files) => void session.addFiles(files)}
            fill={fill}
          />
        ) : (
          <EditImageTab
            effect={image.effect}
            onRotate={() => run('rotate', slotId)}
            onEffect={(effect) => run('setEffect', slotId, effect)}
          />
        )}
      </div>
      <div className="editor-menu__actions">
        <button type="button" className="button button--secondary" onClick={cancel}>
          {t('editorImage.cancel')}
        </button>
        <button type="button" className="button" disabled={!image} onClick={onExit}>
          {t('editorImage.done')}
        </button>
      </div>
    </section>
  );
}

/**
 * The slot's quality badge with its explanation (issue 32), following the crop the slot shows while a
 * gesture runs: a component of its own, so a moving finger re-renders the badge and not the menu.
 */
function SlotQuality({ store, slotId }: { store: StoreApi<EditorState>; slotId: string }) {
  const { t } = useTranslation();
  const template = useEditedTemplate(store);
  const value = useStore(store, (s) => s.history.instance.resources[slotId]);
  const live = useStore(imageSession(store).shown, (s) => (s.slotId === slotId ? s.crop : null));
  const image = value?.type === 'IMAGE' ? value.image : null;
  const part = partFor(template, slotId)?.part;
  if (!image || !part) return null;
  const frame = { widthMm: part.size.width, heightMm: part.size.height };
  const crop = live ?? image.cropRect;
  const quality = cropQuality(crop, image, image.rotation, frame);
  const least = zoomStop(image, image.rotation, frame, zoomClampDpi(frame));
  return (
    <QualityBadge
      quality={quality}
      explanation={explainQuality(t, quality, {
        least: leastPrintDpi(frame),
        atStop: atZoomStop(crop, least),
      })}
    />
  );
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The one-time gesture hint: shown the first time in a browser session, hidden after 10 s or a tap. */
function useHint() {
  const [shown, setShown] = useState(() => !sessionStore()?.getItem(HINT_KEY));
  useEffect(() => {
    if (!shown) return;
    try {
      sessionStore()?.setItem(HINT_KEY, '1');
    } catch {
      // Without storage the hint simply shows again next time.
    }
    const timer = window.setTimeout(() => setShown(false), HINT_MS);
    const onTap = () => setShown(false);
    // Any tap on the page (the slot's drag included) hides it; the listener waits for the next tap.
    const armed = window.setTimeout(() => document.addEventListener('pointerdown', onTap, { once: true }), 0);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(armed);
      document.removeEventListener('pointerdown', onTap);
    };
  }, [shown]);
  return { shown, hide: () => setShown(false) };
}
