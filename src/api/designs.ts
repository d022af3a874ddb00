import type { Instance } from '../../engine/index.ts';
import { type AccountDesign, accountRoutes as account, type DesignSummary } from '../../shop/index.ts';
import { call } from './call.ts';

/** The account's design of a template, and whether anyone is logged in (a visitor has none). */
export function getAccountDesign(
  templateUuid: string,
  signal?: AbortSignal,
): Promise<{ signedIn: boolean; design: AccountDesign | null }> {
  // Answered in the editor's HTML on a first visit (shop/firstScreen.ts visitorCalls).
  return call(account.design, { params: { templateUuid } }, { signal });
}

/** Browsers drop a kept-alive request over 64 KB: a larger design is sent as an ordinary one. */
const KEEPALIVE_MAX_CHARS = 60_000;

/** Saves a design with the account; the server keeps it only when it is newer than the one it has. */
export function putAccountDesign(
  templateUuid: string,
  work: { instance: Instance; savedAt: number },
): Promise<{ design: AccountDesign; kept: boolean }> {
  const body = { instance: work.instance, savedAt: new Date(work.savedAt).toISOString() };
  return call(
    account.saveDesign,
    { params: { templateUuid }, body: { ...body, instance: { ...body.instance } } },
    { keepalive: JSON.stringify(body).length < KEEPALIVE_MAX_CHARS },
  );
}

export function deleteAccountDesign(templateUuid: string): Promise<void> {
  return call(account.deleteDesign, { params: { templateUuid } });
}

/** 'My designs': the account's designs, last changed first (401 when nobody is logged in). */
export async function getAccountDesigns(signal?: AbortSignal): Promise<DesignSummary[]> {
  return (await call(account.designs, {}, { signal })).designs;
}
