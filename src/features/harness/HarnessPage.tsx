/**
 * The template author harness (a dev screen at /dev/harness, loaded lazily): open a seeded template
 * (/dev/harness/:uuid), a template folder of the templates root (/dev/harness?folder=name: redrawn
 * whenever the author saves a file of the folder) or a local template file; see every problem the
 * preflight finds at once (POST /m/api/dev/preflight), each outlined on its page; every page drawn by
 * the editor's renderer with sample pictures autofilled, under trim, bleed, safe-area and fold guides
 * (switched in the address's `guides`, so a reload keeps them); a year switch for calendars; and next
 * to each page the server's render of the same page with their pixel difference in percent. The
 * server endpoints exist only when the server runs with HARNESS=1.
 */
import './harness.css';
import type Konva from 'konva';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { DrawableImage, FontSet, Instance, PictureRef } from '../../../engine/index.ts';
import {
  GUIDES,
  type Guide,
  guidesFromParam,
  guidesParam,
  harnessInstance,
  harnessYears,
  type PageGuides,
  type PageScene,
  type PartRef,
  pageGuides,
  pageScene,
  parseTemplate,
  type ScenePicture,
  type Template,
} from '../../../engine/index.ts';
import { devRoutes, routeUrl, syntaxSummary, templateRoutes, withPreview } from '../../../shop/index.ts';
import { call } from '../../api/call.ts';
import {
  type BrowserPictureLoader,
  createBrowserPictureLoader,
  loadBrowserFonts,
  PageCanvas,
  pagePixels,
  pictureKey,
} from '../editor/shared.ts';
import { PageOverlay } from './PageOverlay.tsx';
import { DIFF_TOLERANCE, pixelDiff } from './pixelDiff.ts';
import { fetchProblems, type HarnessProblem, notJsonProblem } from './problems.ts';
import { useTemplateFolder } from './useTemplateFolder.ts';

/** Both renders are this wide: small enough for two side by side on a desktop. */
const WIDTH_PX = 600;
const TYPES = ['cards', 'calendars', 'photogift'] as const;

type Source =
  | { kind: 'none' }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'folder'; folder: string }
  | { kind: 'file'; name: string; text: string };

/** A template as given (the server validates it again), or a file that is not JSON. */
type Loaded = { label: string; json: unknown } | { label: string; notJson: string };

const GUIDE_LABELS: Record<Guide, string> = {
  trim: 'Trim',
  bleed: 'Bleed',
  safe: 'Safe area',
  fold: 'Folds',
};

const nameOf = (t: Template) => t.name.en_GB ?? Object.values(t.name)[0] ?? t.uuid;

/** A file as the shop reads a template folder's: its preview picture is the shop's own drawing. */
const parseText = (label: string, text: string): Loaded => {
  try {
    return { label, json: withPreview(JSON.parse(text)) };
  } catch (error) {
    // The words `npm run templates -- check` prints for it (shop/jsonLocation.ts).
    return { label, notJson: syntaxSummary(text) ?? (error as Error).message };
  }
};

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
  const [params, setParams] = useSearchParams();
  const [file, setFile] = useState<Source | null>(null);
  const folder = params.get('folder');
  const source: Source =
    file ?? (folder ? { kind: 'folder', folder } : uuid ? { kind: 'uuid', uuid } : { kind: 'none' });
  const guidesOn = guidesFromParam(params.get('guides'));

  const fonts = useAsync(loadBrowserFonts, []);
  const list = useAsync(
    async () =>
      (await Promise.all(TYPES.map((type) => call(templateRoutes.list, { params: { type } })))).flat(),
    [],
  );
  const folders = useAsync(() => call(devRoutes.folders, {}), []);
  const samples = useAsync(() => call(devRoutes.samplePictures, {}), []);
  const watched = useTemplateFolder(source.kind === 'folder' ? source.folder : null);
  // A folder's art is fetched afresh whenever the folder changed (the decoded pictures are cached).
  const watchedFolder = source.kind === 'folder' ? source.folder : null;
  const artEtag = watchedFolder ? watched.etag : undefined;
  const loader = useMemo(
    () =>
      createBrowserPictureLoader({
        userPicture: async (id) => {
          const response = await fetch(routeUrl(devRoutes.samplePicture, { file: `${id}.png` }));
          return response.ok ? response.blob() : null;
        },
        ...(watchedFolder
          ? {
              artUrl: (src: string) =>
                `/m/api/dev/template-folders/${encodeURIComponent(watchedFolder)}/files/${src.replace(/^\/+/, '')}?v=${encodeURIComponent(artEtag ?? '')}`,
            }
          : {}),
      }),
    [watchedFolder, artEtag],
  );
  const seeded = useAsync<Loaded | null>(async () => {
    if (source.kind !== 'uuid') return null;
    const t = await call(templateRoutes.byUuid, { params: { uuid: source.uuid } });
    return { json: t, label: source.uuid };
  }, [source.kind === 'uuid' ? source.uuid : null]);
  const text = source.kind === 'file' ? source.text : source.kind === 'folder' ? watched.text : undefined;
  const label = source.kind === 'file' ? source.name : source.kind === 'folder' ? source.folder : '';
  const fromText = useMemo(() => (text === undefined ? null : parseText(label, text)), [label, text]);
  const loaded = source.kind === 'uuid' ? (seeded.value ?? null) : fromText;
  const loadError =
    source.kind === 'uuid' ? seeded.error : source.kind === 'folder' ? watched.error : undefined;

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setFile({ kind: 'file', name: chosen.name, text: await chosen.text() });
  };

  // Switching templates keeps the guides as they are.
  const guidesQuery = params.has('guides') ? `guides=${params.get('guides')}` : '';
  const pick = (value: string) => {
    setFile(null);
    if (value.startsWith('folder:')) {
      const query = new URLSearchParams(guidesQuery);
      query.set('folder', value.slice('folder:'.length));
      navigate(`/dev/harness?${query}`);
    } else {
      navigate(`${value ? `/dev/harness/${value}` : '/dev/harness'}${guidesQuery ? `?${guidesQuery}` : ''}`);
    }
  };
  const toggle = (guide: Guide, on: boolean) => {
    const next = new Set(guidesOn);
    if (on) next.add(guide);
    else next.delete(guide);
    setParams(
      (p) => {
        p.set('guides', guidesParam(next));
        return p;
      },
      { replace: true },
    );
  };

  const ready = loaded && 'json' in loaded && fonts.value && samples.value;
  const failed = loadError ?? fonts.error ?? samples.error;
  const picked =
    source.kind === 'uuid' ? source.uuid : source.kind === 'folder' ? `folder:${source.folder}` : '';
  const listsLoaded = list.value && folders.value;

  return (
    <main className="harness">
      <h1>Template harness</h1>
      <div className="harness-controls">
        <label>
          Template{' '}
          <select data-testid="template-picker" value={picked} onChange={(e) => pick(e.target.value)}>
            <option value="">
              {listsLoaded || list.error ? 'Choose a template…' : 'Loading templates…'}
            </option>
            {folders.value && folders.value.length > 0 && (
              <optgroup label="Template folders">
                {folders.value.map((f) => (
                  <option key={f.folder} value={`folder:${f.folder}`}>
                    {f.folder}
                    {f.name ? ` · ${f.name}` : ''}
                  </option>
                ))}
              </optgroup>
            )}
            {list.value && (
              <optgroup label="In the shop">
                {list.value.map((t) => (
                  <option key={t.uuid} value={t.uuid}>
                    {t.type} · {nameOf(t)}
                  </option>
                ))}
              </optgroup>
            )}
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
        <fieldset className="harness-guide-toggles">
          <legend>Guides</legend>
          {GUIDES.map((g) => (
            <label key={g}>
              <input
                type="checkbox"
                data-testid={`toggle-${g}`}
                checked={guidesOn.has(g)}
                onChange={(e) => toggle(g, e.target.checked)}
              />{' '}
              {GUIDE_LABELS[g]}
            </label>
          ))}
        </fieldset>
      </div>
      {source.kind === 'folder' && (
        <p className="harness-legend" data-testid="watching">
          Watching <code>{source.folder}</code>: saving any file of the folder redraws the page.
        </p>
      )}
      {list.error && <p role="alert">The template lists could not be loaded: {list.error}</p>}
      {folders.error && <p role="alert">The template folders could not be listed: {folders.error}</p>}
      {samples.error && (
        <p role="alert">
          The sample pictures could not be loaded ({samples.error}): is the server running with HARNESS=1?
        </p>
      )}
      {fonts.error && <p role="alert">The fonts could not be loaded: {fonts.error}</p>}
      {loadError && <p role="alert">The template could not be loaded: {loadError}</p>}
      {loaded && 'notJson' in loaded && (
        <ProblemList problems={[notJsonProblem(loaded.label, loaded.notJson)]} />
      )}
      {ready && 'json' in loaded && (
        <TemplateView
          key={`${source.kind}:${loaded.label}`}
          json={loaded.json}
          folder={source.kind === 'folder' ? source.folder : null}
          guidesOn={guidesOn}
          fonts={fonts.value!}
          samples={samples.value!}
          loader={loader}
        />
      )}
      {/* Only while something is still on its way: an error or a file that is not JSON ends the wait. */}
      {source.kind !== 'none' && !failed && !ready && !(loaded && 'notJson' in loaded) && (
        <p role="status">Loading…</p>
      )}
    </main>
  );
}

const whereOf = (p: HarnessProblem) =>
  p.pageId !== null ? `page ${p.pageId}${p.part ? ` / ${p.part}` : ''}` : p.path;

function ProblemList({ problems }: { problems: HarnessProblem[] }) {
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
          <li
            // Problems have no id; their order is stable for one template.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={n}
            data-testid="problem"
            data-rule={p.rule}
            data-page-id={p.pageId ?? ''}
            data-part={p.part ?? ''}
          >
            <span className="harness-kind">{p.rule}</span> <code>{whereOf(p)}</code> {p.message}
            {p.pageId !== null && p.path !== whereOf(p) && (
              <>
                {' '}
                <code className="harness-path">{p.path}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TemplateView(props: {
  json: unknown;
  folder: string | null;
  guidesOn: ReadonlySet<Guide>;
  fonts: FontSet;
  samples: PictureRef[];
  loader: BrowserPictureLoader;
}) {
  const { json, folder, guidesOn, fonts, samples, loader } = props;
  const [today] = useState(() => new Date());
  const problems = useAsync(() => fetchProblems(json, folder), [json, folder]);
  const parsed = useMemo(() => parseTemplate(json), [json]);
  const template = parsed.ok ? parsed.template : null;
  const years = useMemo(() => (template ? harnessYears(template, today) : []), [template, today]);
  const [year, setYear] = useState<number | null>(null);
  const instance = useMemo(
    () => (template ? harnessInstance(template, year, samples, today) : null),
    [template, year, samples, today],
  );
  const guides = useMemo(
    () => (template ? pageGuides(template.dimensions, template.folds ?? []) : null),
    [template],
  );

  const problemList = problems.error ? (
    <p role="alert">The preflight could not run: {problems.error}</p>
  ) : problems.value ? (
    <ProblemList problems={problems.value} />
  ) : (
    <p role="status">Checking…</p>
  );
  // A template that does not parse shows its problems and nothing else.
  if (!template || !instance || !guides) return problemList;
  return (
    <>
      <h2 data-testid="template-name">
        {nameOf(template)}{' '}
        <small>
          ({template.type}, {template.uuid})
        </small>
      </h2>
      {problemList}
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
        Left: the browser's render (Konva) with the guides: trim (black), bleed (red), safe area (blue), folds
        (purple) and the problems' parts (orange). Right: the server's render (Konva on @napi-rs/canvas).
        Difference: pixels where a channel differs by more than {DIFF_TOLERANCE}/255.
      </p>
      {template.pages.map((page) => (
        <PageRow
          key={`${page.id}@${instance.year}`}
          json={json}
          folder={folder}
          template={template}
          instance={instance}
          page={page}
          fonts={fonts}
          loader={loader}
          guides={guides}
          guidesOn={guidesOn}
          problems={(problems.value ?? []).filter((p) => p.pageId === page.id)}
        />
      ))}
    </>
  );
}

type Rendered = { url: string; bitmap: ImageBitmap };

function PageRow(props: {
  json: unknown;
  folder: string | null;
  template: Template;
  instance: Instance;
  page: PartRef;
  fonts: FontSet;
  loader: BrowserPictureLoader;
  guides: PageGuides;
  guidesOn: ReadonlySet<Guide>;
  problems: HarnessProblem[];
}) {
  const { json, folder, template, instance, page, fonts, loader, guides, guidesOn, problems } = props;
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
    const response = await fetch(routeUrl(devRoutes.render), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        template: json,
        year: instance.year,
        pageId: page.id,
        widthPx: WIDTH_PX,
        ...(folder ? { folder } : {}),
      }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? `HTTP ${response.status}`);
    }
    const blob = await response.blob();
    return { url: URL.createObjectURL(blob), bitmap: await createImageBitmap(blob) };
  }, [json, folder, instance.year, page.id]);

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
          // Nothing to compare once either render failed: its error says why.
          !server.error &&
          !images.error &&
          !scene.error && <span className="harness-pending">comparing…</span>
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
          <PageOverlay guides={guides} on={guidesOn} pxPerMm={pxPerMm} problems={problems}>
            {scene.scene && imageMap ? (
              <PageCanvas
                scene={scene.scene}
                fonts={fonts}
                pxPerMm={pxPerMm}
                imageFor={imageFor}
                stageRef={stage}
              />
            ) : (
              !scene.error && !images.error && <p role="status">Drawing…</p>
            )}
          </PageOverlay>
          {images.error && <p role="alert">The pictures could not be loaded: {images.error}</p>}
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
