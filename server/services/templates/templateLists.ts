/**
 * The template lists (GET /m/api/templates/{type}[/categories/{category}]) made once per catalogue
 * change and kept as JSON with its Brotli and gzip copies (issue 28: the list was read, serialised and
 * compressed on every request, p99 1.5 s under load). Each answer first asks the database for the
 * catalogue's stamp (storedTemplates.ts catalogueStamp, one small query), so a template published on
 * any instance of the shop is in the next answer of every instance.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Template } from '../../../engine/index.ts';
import type { Db } from '../../db/connect.ts';
import { catalogueStamp, currentTemplates } from './storedTemplates.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CompressedAnswer {
  etag: string;
  bodies: Record<Encoding, Buffer>;
}

/** Portals x types x categories is a few dozen; the bound only guards against a flood of unknown categories. */
const MAX_ENTRIES = 500;

export class TemplateLists {
  private readonly entries = new Map<string, { stamp: string; answer: Promise<CompressedAnswer> }>();
  /** How many lists were made (tests: once per catalogue change, not per request). */
  builds = 0;

  constructor(private readonly db: Db) {}

  async answer(
    portalUuid: string,
    type: Template['type'],
    category: string | null,
  ): Promise<CompressedAnswer> {
    const stamp = await catalogueStamp(this.db, portalUuid, type);
    const key = `${portalUuid}\n${type}\n${category ?? ''}`;
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp) return kept.answer;
    // Concurrent requests after a change share one build.
    const answer = this.build(portalUuid, type, category);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { stamp, answer });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }

  private async build(portalUuid: string, type: Template['type'], category: string | null) {
    this.builds += 1;
    const list = await templateList(this.db, portalUuid, type, category);
    const identity = Buffer.from(JSON.stringify(list));
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipped(identity, { level: 9 }),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    return { etag, bodies: { identity, br, gzip: gz } };
  }
}

/** A list's templates: a type's, or those of one category of it (any letter case). */
export async function templateList(
  db: Db,
  portalUuid: string,
  type: Template['type'],
  category: string | null,
): Promise<Template[]> {
  const all = await currentTemplates(db, portalUuid, type);
  const wanted = category?.toUpperCase();
  return wanted ? all.filter((t) => t.categories.some((c) => c.toUpperCase() === wanted)) : all;
}

/** The encoding to send for an Accept-Encoding header: Brotli, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}
