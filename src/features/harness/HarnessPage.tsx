/**
 * The template author harness (a dev screen at /dev/harness and /dev/harness/:uuid, loaded lazily):
 * open a seeded template or a local template file, see the author problems (engine/preflight.ts),
 * every page drawn by the editor's renderer with sample pictures autofilled, a year switch for
 * calendars, and next to each page the server's render of the same page with their pixel
 * difference in percent. The server endpoints exist only when the server runs with HARNESS=1.
 */
import './harness.css';
import type Konva from 'konva';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { DrawableImage } from '../../../engine/draw.ts';
import { harnessInstance, harnessYears } from '../../../engine/harness.ts';
import type { Instance, PictureRef } from '../../../engine/instance.ts';
import { type PreflightProblem, preflight } from '../../../engine/preflight.ts';
import { type PageScene, pageScene, type ScenePicture } from '../../../engine/scene.ts';
import { type PartRef, parseTemplate, type Template } from '../../../engine/template.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { call } from '../../api/call.ts';
import { loadBrowserFonts } from '../editor/browserFonts.ts';
import { PageCanvas, pagePixels } from '../editor/PageCanvas.tsx';
import { type BrowserPictureLoader, createBrowserPictureLoader, pictureKey } from '../editor/pictures.ts';
import { DIFF_TOLERANCE, pixelDiff } from './pixelDiff.ts';

/** Both renders are this wide: small enough for two side by side on a desktop. */
const WIDTH_PX = 600;
const TYPES = ['cards', 'calendars', 'photogift'] as const;

type Source =
  | { kind: 'none' }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'file'; name: string; json: unknown }
  | { kind: 'bad-file'; name: string; message: string };

interface Loaded {
  /** The JSON as given (the server validates it again for its render). */
  json: unknown;
  label: string;
}

const nameOf = (t: Template) => t.name.en_GB ?? Object.values(t.name)[0] ?? t.uuid;

function useAsync<T>(run: () => Promise<T>, deps: unknown[]): { value?: T; error?: string } {
  const [state, setState] = useState<{ value?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    setState({});
    run().then(
      (value) => live && setState({ value }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `run` depends on.
  }, deps);
  return state;
}

export function HarnessPage() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const [file, setFile] = useState<Source | null>(null);
  const source: Source = file ?? (uuid ? { kind: 'uuid', uuid } : { kind: 'none' });

  const fonts = useAsync(loadBrowserFonts, []);
  const list = useAsync(
    async () => (await Promise.all(TYPES.map((type) => call<Template[]>(`templates/${type}`)))).flat(),
    [],
  );
  const samples = useAsync(() => call<PictureRef[]>('dev/sample-pictures'), []);
  const loader = useMemo(
    () =>
      createBrowserPictureLoader({
        userPicture: async (id) => {
          const response = await fetch(`/m/api/dev/sample-pictures/${encodeURIComponent(id)}.png`);
          return response.ok ? response.blob() : null;
        },
      }),
    [],
  );
  const loaded = useAsync<Loaded | null>(async () => {
    if (source.kind === 'uuid') {
      const t = await call<unknown>(`templates/by-uuid/${encodeURIComponent(source.uuid)}`);
      return { json: t, label: source.uuid };
    }
    if (source.kind === 'file') return { json: source.json, label: source.name };
    return null;
  }, [source.kind === 'uuid' ? source.uuid : file]);

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const text = await chosen.text();
    try {
      setFile({ kind: 'file', name: chosen.name, json: JSON.parse(text) });
    } catch (error) {
      setFile({ kind: 'bad-file', name: chosen.name, message: `not JSON: ${(error as Error).message}` });
    }
  };

  return (
    <main className="harness">
      <h1>Template harness</h1>
      <div className="harness-controls">
        <label>
          Template{' '}
          <select
            data-testid="template-picker"
            value={source.kind === 'uuid' ? source.uuid : ''}
            onChange={(e) => {
              setFile(null);
              navigate(e.target.value ? `/dev/harness/${e.target.value}` : '/dev/harness');
            }}
          >
            <option value="">{list.value ? 'Choose a template…' : 'Loading templates…'}</option>
            {list.value?.map((t) => (
              <option key={t.uuid} value={t.uuid}>
                {t.type} · {nameOf(t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Open a template file{' '}
          <input
            data-testid="template-file"
            type="file"
            accept=".json,application/json"
            onChange={openFile}
          />
        </label>
      </div>
      {list.error && <p role="alert">The template lists could not be loaded: {list.error}</p>}
      {samples.error && (
        <p role="alert">
          The sample pictures could not be loaded ({samples.error}): is the server running with HARNESS=1?
        </p>
      )}
      {fonts.error && <p role="alert">The fonts could not be loaded: {fonts.error}</p>}
      {source.kind === 'bad-file' && (
        <ProblemList
          problems={[
            { rule: 'schema', pageId: null, part: null, path: source.name, message: source.message },
          ]}
        />
      )}
      {loaded.error && <p role="alert">The template could not be loaded: {loaded.error}</p>}
      {source.kind !== 'bad-file' && loaded.value && fonts.value && samples.value && (
        <TemplateView
          key={loaded.value.label}
          json={loaded.value.json}
          fonts={fonts.value}
          samples={samples.value}
          loader={loader}
        />
      )}
      {source.kind !== 'none' && !loaded.error && !(fonts.value && samples.value && loaded.value) && (
        <p role="status">Loading…</p>
      )}
    </main>
  );
}

function ProblemList({ problems }: { problems: PreflightProblem[] }) {
  if (problems.length === 0) {
    return (
      <p className="harness-ok" data-testid="no-problems">
        No problems found
      </p>
    );
  }
  return (
    <section aria-label="Problems">
      <h2>
        {problems.length} problem{problems.length === 1 ? '' : 's'}
      </h2>
      <ul className="harness-problems" data-testid="problems">
        {problems.map((p, n) => (
          // Problems have no id; their order is stable for one template.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={n} data-testid="problem" data-kind={p.rule}>
            <span className="harness-kind">{p.rule}</span> <code>{p.path}</code> {p.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TemplateView(props: {
  json: unknown;
  fonts: FontSet;
  samples: PictureRef[];
  loader: BrowserPictureLoader;
}) {
  const { json, fonts, samples, loader } = props;
  const [today] = useState(() => new Date());
  const problems = useMemo(() => preflight(json, fonts, { today }), [json, fonts, today]);
  const parsed = useMemo(() => parseTemplate(json), [json]);
  const template = parsed.ok ? parsed.template : null;
  const years = useMemo(() => (template ? harnessYears(template, today) : []), [template, today]);
  const [year, setYear] = useState<number | null>(null);
  const instance = useMemo(
    () => (template ? harnessInstance(template, year, samples, today) : null),
    [template, year, samples, today],
  );

  // A template that does not parse shows its problems and nothing else.
  if (!template || !instance) return <ProblemList problems={problems} />;
  return (
    <>
      <h2 data-testid="template-name">
        {nameOf(template)}{' '}
        <small>
          ({template.type}, {template.uuid})
        </small>
      </h2>
      <ProblemList problems={problems} />
      {years.length > 0 && (
        <label className="harness-year">
          Year{' '}
          <select data-testid="year" value={instance.year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="harness-legend">
        Left: the browser's render (react-konva). Right: the server's render (Konva on @napi-rs/canvas).
        Difference: pixels where a channel differs by more than {DIFF_TOLERANCE}/255.
      </p>
      {template.pages.map((page) => (
        <PageRow
          key={`${page.id}@${instance.year}`}
          json={json}
          template={template}
          instance={instance}
          page={page}
          fonts={fonts}
          loader={loader}
        />
      ))}
    </>
  );
}

type Rendered = { url: string; bitmap: ImageBitmap };

function PageRow(props: {
  json: unknown;
  template: Template;
  instance: Instance;
  page: PartRef;
  fonts: FontSet;
  loader: BrowserPictureLoader;
}) {
  const { json, template, instance, page, fonts, loader } = props;
  const pxPerMm = WIDTH_PX / template.dimensions.width;
  const stage = useRef<Konva.Stage>(null);
  const diffCanvas = useRef<HTMLCanvasElement>(null);
  const [diff, setDiff] = useState<{ percent: number; maxChannel: number } | null>(null);

  const scene = useMemo((): { scene?: PageScene; error?: string } => {
    try {
      return { scene: pageScene(template, instance, page.id, fonts) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [template, instance, page.id, fonts]);

  const images = useAsync(async () => {
    const map = new Map<string, DrawableImage>();
    const pictures = (scene.scene?.items ?? []).filter(
      (i): i is ScenePicture => i.kind === 'picture' && i.picture !== null,
    );
    await Promise.all(
      pictures.map(async (item) => {
        const image = await loader(item.picture!.source);
        if (image) map.set(pictureKey(item.picture!.source), image);
      }),
    );
    return map;
  }, [scene, loader]);

  const imageMap = images.value;
  const imageFor = useMemo(
    () => (item: ScenePicture) => (item.picture && imageMap?.get(pictureKey(item.picture.source))) || null,
    [imageMap],
  );

  const server = useAsync<Rendered>(async () => {
    const response = await fetch('/m/api/dev/render', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ template: json, year: instance.year, pageId: page.id, widthPx: WIDTH_PX }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? `HTTP ${response.status}`);
    }
    const blob = await response.blob();
    return { url: URL.createObjectURL(blob), bitmap: await createImageBitmap(blob) };
  }, [json, instance.year, page.id]);

  // Both renders are there: compare them pixel by pixel, at one stage pixel per output pixel.
  useEffect(() => {
    const rendered = server.value;
    const konva = stage.current;
    if (!rendered || !konva || !imageMap || !scene.scene) return;
    const { width, height } = pagePixels(scene.scene, pxPerMm);
    const browser = konva.toCanvas({ pixelRatio: 1 });
    const browserPixels = browser.getContext('2d')!.getImageData(0, 0, width, height);
    const other = Object.assign(document.createElement('canvas'), {
      width: rendered.bitmap.width,
      height: rendered.bitmap.height,
    });
    const otherCtx = other.getContext('2d', { willReadFrequently: true })!;
    otherCtx.drawImage(rendered.bitmap, 0, 0);
    const serverPixels = otherCtx.getImageData(0, 0, other.width, other.height);
    const out = diffCanvas.current;
    const marks = out ? new ImageData(width, height) : null;
    const result = pixelDiff(
      browserPixels,
      serverPixels,
      DIFF_TOLERANCE,
      marks
        ? (i) => {
            marks.data[i * 4] = 220;
            marks.data[i * 4 + 3] = 255;
          }
        : undefined,
    );
    if (out && marks && result.percent < 100) {
      out.width = width;
      out.height = height;
      out.getContext('2d')!.putImageData(marks, 0, 0);
    }
    setDiff({ percent: result.percent, maxChannel: result.maxChannel });
  }, [server.value, imageMap, scene, pxPerMm]);

  return (
    <section className="harness-page" data-testid="page" data-page-id={page.id}>
      <h3>
        Page {page.id}{' '}
        {diff ? (
          <span
            data-testid="diff"
            data-page-id={page.id}
            data-diff-percent={diff.percent.toFixed(3)}
            className={diff.percent < 1 ? 'harness-ok' : 'harness-bad'}
          >
            {diff.percent.toFixed(2)} % of pixels differ (largest channel difference {diff.maxChannel})
          </span>
        ) : (
          <span className="harness-pending">comparing…</span>
        )}
        {page.clientIgnore && (
          <span className="harness-ignored" data-testid="client-ignore">
            {' '}
            clientIgnore: not shown to shoppers
          </span>
        )}
      </h3>
      {scene.error && (
        <p role="alert" data-testid="page-error">
          This page cannot be drawn: {scene.error}
        </p>
      )}
      <div className="harness-renders">
        <figure>
          {scene.scene && imageMap ? (
            <PageCanvas
              scene={scene.scene}
              fonts={fonts}
              pxPerMm={pxPerMm}
              imageFor={imageFor}
              stageRef={stage}
            />
          ) : (
            !scene.error && <p role="status">Drawing…</p>
          )}
          <figcaption>Browser</figcaption>
        </figure>
        <figure>
          {server.value && (
            <img
              src={server.value.url}
              alt={`The server's render of page ${page.id}`}
              // Once shown, the image keeps its pixels: the blob URL can go.
              onLoad={(e) => URL.revokeObjectURL(e.currentTarget.src)}
            />
          )}
          {server.error && <p role="alert">The server could not render this page: {server.error}</p>}
          {!server.value && !server.error && <p role="status">Rendering…</p>}
          <figcaption>Server</figcaption>
        </figure>
        <figure className="harness-diff-figure">
          <canvas ref={diffCanvas} className="harness-diff-canvas" width={0} height={0} />
          <figcaption>Differing pixels</figcaption>
        </figure>
      </div>
    </section>
  );
}
