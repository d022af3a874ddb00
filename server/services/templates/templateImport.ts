/**
 * Publishing a template version into every portal of the shop (docs/template-format.md
 * "Publishing"): from templates/ at start and when a file there changes, from
 * `npm run templates -- import`, and from POST /lab/api/templates. It is stored in the database, so
 * every instance lists it at once; its art goes to the storage (render/templateArt.ts).
 */
import { and, eq, isNotNull, max, or } from 'drizzle-orm';
import {
  languageOf,
  parseTemplate,
  type Template,
  type TemplateProblem,
  templateInLanguage,
  unknownFontFields,
} from '../../../engine/index.ts';
import {
  artSources,
  canonicalJson,
  isStoredArtSrc,
  type PublishOutcome,
  portalPreviewName,
  previewName,
  publishOutcome,
  withArtSources,
  withPreview,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { portals, products, templates } from '../../db/schema.ts';
import { type ArtReader, artReader, sha256, storeArt, storedArtName } from '../../render/templateArt.ts';
import type { ObjectStore } from '../../storage/objectStore.ts';

export interface PublishDeps {
  db: Db;
  storage: ObjectStore;
  /** Art a template names but does not bring (a by-uuid answer republished); default artReader(storage). */
  art?: ArtReader;
}

export interface Published {
  uuid: string;
  version: number;
  outcome: Exclude<PublishOutcome, 'changed-design'>;
}

/** A template the shop will not publish, with every reason (each with its JSON path). */
export class TemplateRefused extends Error {
  constructor(
    readonly problems: TemplateProblem[],
    /** The version is already published with another design. */
    readonly conflict = false,
  ) {
    super(`The template was refused:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
  }
}

/**
 * The template product a template names, as the portal-neutral uuid its products carry
 * (products.template_product): a file names that uuid, a by-uuid answer a portal's own product.
 */
async function templateProductOf(db: Db, productUuid: string): Promise<string | null> {
  const [row] = await db
    .select({ templateProduct: products.templateProduct })
    .from(products)
    .where(
      and(
        isNotNull(products.templateProduct),
        or(eq(products.templateProduct, productUuid), eq(products.uuid, productUuid)),
      ),
    )
    .limit(1);
  return row?.templateProduct ?? null;
}

/** What makes two versions the same design: everything but the portal's product and the art's names. */
async function designOf(t: Template, readArt: ArtReader): Promise<string> {
  const hashes = new Map<string, string>();
  for (const src of artSources(t)) {
    const bytes = await readArt(src);
    hashes.set(src, bytes ? sha256(bytes) : `missing:${src}`);
  }
  const { product: _product, preview: _preview, ...rest } = withArtSources(t, (src) => hashes.get(src)!);
  return canonicalJson(rest);
}

/**
 * Checks and publishes one template version. `json` is the template as written (count fields and
 * preview may be left out), `art` the files it brings by the src that names them.
 */
export async function publishTemplate(
  deps: PublishDeps,
  json: unknown,
  art: ReadonlyMap<string, Buffer>,
): Promise<Published> {
  const readStored = deps.art ?? artReader(deps.storage);
  const parsed = parseTemplate(withPreview(json));
  if (!parsed.ok) throw new TemplateRefused(parsed.problems);
  const problems: TemplateProblem[] = [];
  const templateProduct = await templateProductOf(deps.db, parsed.template.product.uuid);
  if (!templateProduct)
    problems.push({ path: 'product.uuid', message: `no template product "${parsed.template.product.uuid}"` });
  // Brought art is stored under its content; art not brought must be art the shop already has.
  const srcs = new Map<string, string>();
  for (const src of artSources(parsed.template)) {
    const bytes = art.get(src);
    if (bytes) {
      const name = storedArtName(src, bytes);
      if (!name) problems.push({ path: `art ${src}`, message: 'art is SVG, PNG or JPEG' });
      else srcs.set(src, await storeArt(deps.storage, name, bytes));
    } else if (!isStoredArtSrc(src)) {
      // Only a content address may name art the shop has: a bare name not brought would be whatever
      // the shop's demo folders hold under that name (docs/decisions.md, "Templates as files").
      problems.push({
        path: `art ${src}`,
        message: `the art file "${src}" is missing: bring it in the folder's art/, or name stored art as art/stored/<sha256>`,
      });
    } else if (!(await readStored(src))) {
      problems.push({ path: `art ${src}`, message: `the art file "${src}" is missing` });
    }
  }
  for (const { path, message } of unknownFontFields(json)) problems.push({ path, message });
  if (problems.length || !templateProduct) throw new TemplateRefused(problems);
  const template: Template = {
    ...withArtSources(parsed.template, (src) => srcs.get(src) ?? src),
    preview: { large: previewName(parsed.template.uuid, parsed.template.version) },
  };
  const design = await designOf(template, readStored);

  return deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const existing = await tx
      .select({ version: templates.version, body: templates.body, locale: portals.locale })
      .from(templates)
      .innerJoin(portals, eq(portals.uuid, templates.portalUuid))
      .where(eq(templates.uuid, template.uuid));
    // A row is stored in its portal's language (suggested texts chosen): it is the same design when
    // the incoming template, put in that language, is the same.
    const stored = await Promise.all(
      existing.map(async (r) => ({
        version: r.version,
        design:
          (await designOf(r.body, readStored)) ===
          (await designOf(templateInLanguage(template, r.locale), readStored))
            ? design
            : `other:${r.locale}`,
      })),
    );
    const outcome = publishOutcome(stored, { version: template.version, design });
    if (outcome === 'changed-design') {
      throw new TemplateRefused(
        [
          {
            path: 'version',
            message: `version ${template.version} is published with another design: a changed design is a new version (give it a higher version)`,
          },
        ],
        true,
      );
    }
    if (outcome !== 'unchanged') await insertVersion(tx, template, templateProduct, outcome);
    return { uuid: template.uuid, version: template.version, outcome };
  });
}

/** The version in every portal that sells its product, current when it is the newest. */
async function insertVersion(tx: Db, t: Template, templateProduct: string, outcome: PublishOutcome) {
  // Each portal's own product of the template product, with its name in the portal's language.
  const sold = await tx
    .select({
      uuid: portals.uuid,
      locale: portals.locale,
      productUuid: products.uuid,
      productName: products.name,
    })
    .from(products)
    .innerJoin(portals, eq(portals.uuid, products.portalUuid))
    .where(eq(products.templateProduct, templateProduct));
  const byPortal = new Map(sold.map((p) => [p.uuid, p]));
  const current = outcome === 'new-template' || outcome === 'new-version';
  for (const portal of byPortal.values()) {
    const { productUuid } = portal;
    const [placed] = await tx
      .select({ position: max(templates.position) })
      .from(templates)
      .where(and(eq(templates.portalUuid, portal.uuid), eq(templates.uuid, t.uuid)));
    const [last] = await tx
      .select({ position: max(templates.position) })
      .from(templates)
      .where(and(eq(templates.portalUuid, portal.uuid), eq(templates.type, t.type)));
    if (current) {
      await tx
        .update(templates)
        .set({ isCurrent: false })
        .where(and(eq(templates.portalUuid, portal.uuid), eq(templates.uuid, t.uuid)));
    }
    await tx.insert(templates).values({
      portalUuid: portal.uuid,
      uuid: t.uuid,
      version: t.version,
      type: t.type,
      categories: t.categories,
      productUuid,
      // Stored in the portal's language, so its editor, previews and prints suggest the same texts.
      body: {
        ...templateInLanguage(t, portal.locale),
        preview: { large: portalPreviewName(t.uuid, t.version, languageOf(portal.locale)) },
        product: { ...t.product, uuid: productUuid, name: portal.productName },
      },
      // A new version keeps its template's place in the list; a new template comes last.
      position: placed?.position ?? (last?.position ?? -1) + 1,
      isCurrent: current,
    });
  }
}
