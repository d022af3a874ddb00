/**
 * What publishing a template version does, by uuid and version (docs/template-format.md "Publishing"):
 * a new uuid is a new template; a version above the newest becomes current; a version the shop already
 * has is accepted again only with the same design ("a changed design is a new version"), since cart
 * lines made with it must keep printing what the shopper saw.
 */
export type PublishOutcome =
  | 'new-template'
  | 'new-version'
  | 'older-version'
  | 'unchanged'
  | 'changed-design';

export function publishOutcome(
  stored: { version: number; design: string }[],
  incoming: { version: number; design: string },
): PublishOutcome {
  if (stored.length === 0) return 'new-template';
  // One row per portal: the version is unchanged only when it is the same design in every one.
  const same = stored.filter((s) => s.version === incoming.version);
  if (same.length) return same.every((s) => s.design === incoming.design) ? 'unchanged' : 'changed-design';
  return incoming.version > Math.max(...stored.map((s) => s.version)) ? 'new-version' : 'older-version';
}

/** JSON with sorted keys: two designs are equal when this is (a database may reorder a document's keys). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
