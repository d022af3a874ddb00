/**
 * 'My designs' (issue 18): a logged-in shopper's design goes to the account as they work, a moment
 * after the last change (not on every keystroke), and at once when the editor closes or the page is
 * left. The browser's own save stays the safety net: a save the network lost is sent again with the
 * next change, and the editor sends the browser's save when it is newer than the account's.
 */
import type { Instance } from '../../../engine/index.ts';
import { deleteAccountDesign, putAccountDesign } from '../../api/designs.ts';

/** How long after the last change the design is sent. */
export const DESIGN_SAVE_DELAY_MS = 800;

export interface DesignSync {
  push(instance: Instance, savedAt: number): void;
  /** Sends what is waiting now (the editor closes, the page is hidden). */
  flush(): void;
  /** The design is finished (in the cart) or thrown away: the account forgets it. */
  remove(): void;
  /** Settles when nothing is on its way (tests, and leaving after Done). */
  idle(): Promise<void>;
}

export function accountDesignSync(templateUuid: string, delayMs = DESIGN_SAVE_DELAY_MS): DesignSync {
  let waiting: { instance: Instance; savedAt: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One request at a time, in order: a removal never overtakes a save still on its way.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<unknown>) => {
    queue = queue.then(job).then(
      () => undefined,
      (error: unknown) => console.warn('The design could not be kept with the account', error),
    );
  };
  const send = () => {
    clearTimeout(timer);
    const work = waiting;
    waiting = null;
    if (work) enqueue(() => putAccountDesign(templateUuid, work));
  };
  return {
    push(instance, savedAt) {
      waiting = { instance, savedAt };
      clearTimeout(timer);
      timer = setTimeout(send, delayMs);
    },
    flush: send,
    remove() {
      clearTimeout(timer);
      waiting = null;
      enqueue(() => deleteAccountDesign(templateUuid));
    },
    idle: () => queue,
  };
}
