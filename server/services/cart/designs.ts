/**
 * 'My designs' (issue 18): a logged-in shopper's unfinished designs, one per template, saved from the
 * editor as they work and reopened on any device. The newer save wins, by the time the shopper made
 * the change (a browser's late answer never overwrites a newer design).
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { type Instance, keptInstance } from '../../../engine/index.ts';
import { type AccountDesign, DbInteger, type DesignSummary } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { designs } from '../../db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import { oneTemplate, templateVersionKey, templateVersions } from '../templates/storedTemplates.ts';

/** A browser clock ahead of ours is taken as ours: a design dated in the future would never be replaced. */
const savedAtOf = (claimed: Date, now: Date) => (claimed > now ? now : claimed);

/** The user's design of a template, as saved (null when there is none). */
export async function designOf(
  db: Db,
  userUuid: string,
  templateUuid: string,
): Promise<AccountDesign | null> {
  const [row] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.userUuid, userUuid), eq(designs.templateUuid, templateUuid)));
  return row ? { instance: row.instance as unknown as Instance, savedAt: row.savedAt.toISOString() } : null;
}

/** What the editor asks on opening (`GET /m/api/user/designs/{uuid}`): a visitor is told so, no error. */
export async function accountDesignAnswer(
  db: Db,
  session: { userUuid: string | null } | null,
  templateUuid: string,
): Promise<{ signedIn: boolean; design: AccountDesign | null }> {
  if (!session?.userUuid) return { signedIn: false, design: null };
  return { signedIn: true, design: await designOf(db, session.userUuid, templateUuid) };
}

/**
 * Keeps a design when it is an instance of that template version (the check the editor runs on its
 * own save) and newer than the one kept. Answers the design the account now holds.
 */
export async function saveDesign(
  db: Db,
  input: {
    userUuid: string;
    portalUuid: string;
    templateUuid: string;
    instance: unknown;
    savedAt: Date;
    now: Date;
  },
): Promise<{ design: AccountDesign; kept: boolean }> {
  const version = (input.instance as { templateVersion?: unknown } | null)?.templateVersion;
  // A version no integer column holds (2^53, 1e308) is no version of the template: not found, not 500.
  const template = DbInteger.positive().safeParse(version).success
    ? await oneTemplate(db, input.portalUuid, input.templateUuid, version as number)
    : null;
  if (!template) throw notFound('designTemplate', { uuid: input.templateUuid });
  const instance = keptInstance(input.instance, template);
  if (!instance) {
    throw new HttpError(400, 'design_mismatch', { values: { version: version as number } });
  }
  const savedAt = savedAtOf(input.savedAt, input.now);
  const kept = await db
    .insert(designs)
    .values({
      userUuid: input.userUuid,
      templateUuid: template.uuid,
      templateVersion: template.version,
      instance: instance as unknown as Record<string, unknown>,
      savedAt,
    })
    .onConflictDoUpdate({
      target: [designs.userUuid, designs.templateUuid],
      set: {
        templateVersion: sql`excluded.template_version`,
        instance: sql`excluded.instance`,
        savedAt: sql`excluded.saved_at`,
      },
      setWhere: lte(designs.savedAt, sql`excluded.saved_at`),
    })
    .returning({ savedAt: designs.savedAt });
  const design = await designOf(db, input.userUuid, template.uuid);
  return { design: design!, kept: kept.length > 0 };
}

export async function removeDesign(db: Db, userUuid: string, templateUuid: string): Promise<void> {
  await db.delete(designs).where(and(eq(designs.userUuid, userUuid), eq(designs.templateUuid, templateUuid)));
}

/**
 * The user's designs, last changed first, each with the template it was made from (its saved
 * version, so the list shows what the editor will open). A design whose template version the portal
 * no longer has is left out of the list (its editor would start afresh).
 */
export async function designsOf(db: Db, userUuid: string, portalUuid: string): Promise<DesignSummary[]> {
  const rows = await db
    .select({
      templateUuid: designs.templateUuid,
      version: designs.templateVersion,
      savedAt: designs.savedAt,
    })
    .from(designs)
    .where(eq(designs.userUuid, userUuid))
    .orderBy(desc(designs.savedAt));
  const found = await templateVersions(
    db,
    portalUuid,
    rows.map((row) => ({ uuid: row.templateUuid, version: row.version })),
  );
  return rows.flatMap((row) => {
    const template = found.get(templateVersionKey(row.templateUuid, row.version));
    return template ? [{ template, savedAt: row.savedAt.toISOString() }] : [];
  });
}
