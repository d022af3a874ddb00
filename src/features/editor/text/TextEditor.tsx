/**
 * The text editor (S1 §2, §4, §5, §9): a main toolbar with Enter text, Font, Align text, Font size
 * and Color (all but Enter text disabled while the text is empty), each opening a sub-toolbar with
 * Cancel (restores the value it had when opened) and Done.
 * Enter text is the system's own text field (a textarea); while it is open the editor fits the part
 * of the screen the on-screen keyboard leaves, so the field sits right above the keyboard
 * (../visibleViewport.ts).
 *
 * Every change goes at once through the editor store's named commands (setText, setFont), so the
 * page redraws from the scene, undo works and the work is saved. What fits is the engine's call
 * (engine/text/layout.ts): a change it refuses leaves the text as it was and says so briefly.
 *
 * For tests the editor says what the slot holds: data-slot, data-text, data-family, data-size,
 * data-color and data-align.
 */
import './textEditor.css';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Font, FontSet, HorizontalAlign, ResourceValue, Template } from '../../../../engine/index.ts';
import {
  autoShrink,
  commitText,
  FONT_FAMILIES,
  type RefusalReason,
  sizeSliderRange,
  tryChangeFamily,
  tryChangeSize,
  tryChangeText,
} from '../../../../engine/index.ts';
import { loadBrowserFonts } from '../browserFonts.ts';
import type { EditorState } from '../editorStore.ts';
import { useFitToVisibleViewport } from '../visibleViewport.ts';
import { registerFontFaces } from './fontFaces.ts';
import {
  drawnFontOf,
  fontWithStyle,
  paletteFor,
  REFUSAL_NOTE_MS,
  SIZE_DEBOUNCE_MS,
  sameColour,
  styleOf,
  textBoxOf,
} from './textEditorRules.ts';

type Tool = 'text' | 'font' | 'align' | 'size' | 'color';
type StringValue = Extract<ResourceValue, { type: 'STRING' }>;

const ALIGNS: readonly HorizontalAlign[] = ['left', 'center', 'right'];

const sameFont = (a: Font, b: Font) => JSON.stringify(a) === JSON.stringify(b);

export interface TextEditorProps {
  template: Template;
  fonts: FontSet;
  slotId: string;
  value: StringValue;
  run: EditorState['run'];
  /** Done on the main toolbar: back to the editor's main menu. */
  onDone: () => void;
}

export function TextEditor({ template, fonts, slotId, value, run, onDone }: TextEditorProps) {
  const { t } = useTranslation();
  const box = textBoxOf(template, slotId);
  const drawn = drawnFontOf(template, slotId, value.font);
  const style = styleOf(drawn);
  const empty = value.text.trim() === '';
  const [tool, setTool] = useState<Tool | null>(empty ? 'text' : null);
  const [snapshot, setSnapshot] = useState<{ text: string; font: Font }>({
    text: value.text,
    font: value.font,
  });
  const [note, setNote] = useState<string | null>(null);
  const noteTimer = useRef<number | undefined>(undefined);

  useEffect(() => registerFontFaces(), []);
  useEffect(() => () => window.clearTimeout(noteTimer.current), []);

  // S1 §4: on open, a text too tall for its box shrinks one point at a time, never below 12 pt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened slot
  useEffect(() => {
    if (!box) return;
    const size = autoShrink(fonts, style, value.text, box);
    if (size !== null) run('fitFont', slotId, fontWithStyle(value.font, { ...style, sizePt: size }, drawn));
  }, [slotId]);

  if (!box) return null;

  const say = (message: string) => {
    setNote(message);
    window.clearTimeout(noteTimer.current);
    noteTimer.current = window.setTimeout(() => setNote(null), REFUSAL_NOTE_MS);
  };
  const refuse = (reason: RefusalReason) =>
    say(reason === 'below-minimum-size' ? t('editorText.tooSmall') : t('editorText.doesNotFit'));

  const setFont = (font: Font) => {
    if (!sameFont(font, value.font)) run('setFont', slotId, font);
  };

  const open = (next: Tool) => {
    setSnapshot({ text: value.text, font: value.font });
    setNote(null);
    setTool(next);
    // The font menu offers all 15: fetch the ones the editor has not needed yet while the shopper looks.
    if (next === 'font')
      loadBrowserFonts().catch((error: unknown) => console.warn('Fonts not loaded', error));
  };
  const cancel = () => {
    if (value.text !== snapshot.text) run('setText', slotId, snapshot.text);
    setFont(snapshot.font);
    setNote(null);
    setTool(null);
  };
  const done = () => {
    if (tool === 'text') {
      const trimmed = commitText(value.text);
      if (trimmed !== value.text) run('setText', slotId, trimmed);
    }
    setNote(null);
    setTool(null);
  };

  const attributes = {
    'data-testid': 'text-editor',
    'data-slot': slotId,
    'data-text': value.text,
    'data-family': style.family,
    'data-size': String(style.sizePt),
    'data-color': style.color,
    'data-align': style.horizontalAlign,
  };

  if (tool === null) {
    const tools: [Tool, string][] = [
      ['text', t('editorText.enterText')],
      ['font', t('editorText.font')],
      ['align', t('editorText.align')],
      ['size', t('editorText.size')],
      ['color', t('editorText.color')],
    ];
    return (
      <section className="editor-menu text-editor" aria-label={t('editorText.tools')} {...attributes}>
        <div className="text-editor__tools">
          {tools.map(([name, label]) => (
            <button
              key={name}
              type="button"
              className="editor-tool"
              disabled={name !== 'text' && empty}
              onClick={() => open(name)}
            >
              {label}
            </button>
          ))}
          <button type="button" className="editor-tool editor-tool--primary" onClick={onDone}>
            {t('editorText.done')}
          </button>
        </div>
      </section>
    );
  }

  let body: ReactNode;
  let title: string;
  if (tool === 'text') {
    title = t('editorText.enterText');
    body = (
      <TextInput
        value={value.text}
        label={t('editorText.yourText')}
        onType={(raw) => {
          const change = tryChangeText(fonts, style, raw, box, value.text);
          if (change.ok) {
            if (change.text !== value.text) run('setText', slotId, change.text);
          } else refuse(change.reason);
        }}
        onBlur={() => {
          const trimmed = commitText(value.text);
          if (trimmed !== value.text) run('setText', slotId, trimmed);
        }}
      />
    );
  } else if (tool === 'font') {
    title = t('editorText.font');
    body = (
      <div className="text-editor__fonts" role="radiogroup" aria-label={t('editorText.font')}>
        {FONT_FAMILIES.map((family) => (
          <button
            key={family}
            type="button"
            role="radio"
            aria-checked={style.family === family}
            className="text-editor__font"
            style={{ fontFamily: `'${family}', sans-serif` }}
            onClick={async () => {
              // Usually loaded already (the menu asked for every font when it opened).
              await loadBrowserFonts([family]).catch((error: unknown) =>
                console.warn(`The font ${family} could not be loaded`, error),
              );
              if (!fonts.has(family)) return;
              const change = tryChangeFamily(fonts, style, value.text, box, family, drawn.size);
              if (!change.ok) return refuse(change.reason);
              setFont(fontWithStyle(value.font, change.font, drawn));
              if (change.sizeReset) say(t('editorText.sizeReset'));
            }}
          >
            {family}
          </button>
        ))}
      </div>
    );
  } else if (tool === 'align') {
    title = t('editorText.align');
    body = (
      <div className="text-editor__choices" role="radiogroup" aria-label={t('editorText.align')}>
        {ALIGNS.map((align) => (
          <button
            key={align}
            type="button"
            role="radio"
            aria-checked={style.horizontalAlign === align}
            className="text-editor__choice"
            onClick={() => setFont(fontWithStyle(value.font, { ...style, horizontalAlign: align }, drawn))}
          >
            {t(`editorText.align_${align}`)}
          </button>
        ))}
      </div>
    );
  } else if (tool === 'size') {
    title = t('editorText.size');
    body = (
      <SizeSlider
        key={style.sizePt}
        sizePt={style.sizePt}
        range={sizeSliderRange(drawn.size)}
        label={t('editorText.size')}
        onSize={(sizePt) => {
          const change = tryChangeSize(fonts, style, value.text, box, sizePt);
          if (!change.ok) {
            refuse(change.reason);
            return false;
          }
          setFont(fontWithStyle(value.font, change.font, drawn));
          return true;
        }}
      />
    );
  } else {
    title = t('editorText.color');
    body = (
      <div className="text-editor__colours" role="radiogroup" aria-label={t('editorText.color')}>
        {paletteFor(drawn.color).map((colour) => (
          <button
            key={colour}
            type="button"
            role="radio"
            aria-checked={sameColour(style.color, colour)}
            aria-label={t('editorText.colour', { colour })}
            className="text-editor__colour"
            style={{ background: colour }}
            onClick={() => setFont(fontWithStyle(value.font, { ...style, color: colour }, drawn))}
          />
        ))}
      </div>
    );
  }

  return (
    <section
      className="editor-menu text-editor text-editor--sub"
      aria-label={title}
      data-tool={tool}
      {...attributes}
    >
      <h2 className="text-editor__title">{title}</h2>
      {body}
      <p className="text-editor__note" role="status">
        {note}
      </p>
      <div className="editor-menu__actions text-editor__actions">
        <button type="button" className="button button--secondary" onClick={cancel}>
          {t('editorText.cancel')}
        </button>
        <button type="button" className="button" onClick={done}>
          {t('editorText.done')}
        </button>
      </div>
    </section>
  );
}

function TextInput(props: {
  value: string;
  label: string;
  onType: (raw: string) => void;
  onBlur: () => void;
}) {
  const input = useRef<HTMLTextAreaElement>(null);
  // The on-screen keyboard never hides the field: the editor fits what is left of the screen.
  useFitToVisibleViewport(input);
  // S1 §4: empty text focuses the input by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the input appears
  useEffect(() => {
    if (props.value.trim() === '') input.current?.focus();
  }, []);
  return (
    <textarea
      ref={input}
      className="text-editor__input"
      aria-label={props.label}
      rows={2}
      value={props.value}
      onChange={(e) => props.onType(e.target.value)}
      onBlur={props.onBlur}
    />
  );
}

/** The size slider: moves freely, asks the engine SIZE_DEBOUNCE_MS after the last move (S1 §5). */
function SizeSlider(props: {
  sizePt: number;
  range: { min: number; max: number };
  label: string;
  onSize: (sizePt: number) => boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.sizePt);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const move = (next: number) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (next !== props.sizePt && !props.onSize(next)) setDraft(props.sizePt);
    }, SIZE_DEBOUNCE_MS);
  };
  const { min, max } = props.range;
  return (
    <label className="text-editor__size">
      <input
        type="range"
        aria-label={props.label}
        min={min}
        max={max}
        step={1}
        value={Math.min(max, Math.max(min, draft))}
        onChange={(e) => move(Number(e.target.value))}
      />
      <output>{t('editorText.points', { size: Math.round(draft * 10) / 10 })}</output>
    </label>
  );
}
