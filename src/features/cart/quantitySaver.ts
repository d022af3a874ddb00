/**
 * Saving a cart line's quantity from a stepper (the cart's photo gift lines): rapid taps are
 * gathered and only the last value is sent, `delay` ms after the last tap; saves of one line never
 * overlap (a tap during a save is sent after it), and a failed save drops whatever was still
 * waiting, so the line falls back to the quantity the server last confirmed. Plain TypeScript with
 * the timer passed in, so it is unit-tested without a browser.
 */

/** How long after the last tap the quantity is sent. */
export const QUANTITY_SAVE_DELAY_MS = 400;

export interface QuantitySaverOptions {
  /** Sends one quantity; rejects when the server refuses it. */
  save: (quantity: number) => Promise<void>;
  /** A save went through; `settled` is true when no newer quantity is waiting to be sent. */
  onSaved: (quantity: number, settled: boolean) => void;
  /** A save failed: nothing else will be sent until the next change. */
  onFailed: (error: unknown, quantity: number) => void;
  delay?: number;
  timers?: {
    set: (callback: () => void, ms: number) => unknown;
    clear: (handle: unknown) => void;
  };
}

export interface QuantitySaver {
  /** The shopper chose `quantity`: sent once the taps stop (and any save under way has answered). */
  change(quantity: number): void;
  /** Whether a quantity is waiting to be sent or being sent. */
  busy(): boolean;
  /** Stops for good: nothing more is sent and no callback is called (the line is gone). */
  dispose(): void;
}

export function createQuantitySaver(options: QuantitySaverOptions): QuantitySaver {
  const delay = options.delay ?? QUANTITY_SAVE_DELAY_MS;
  const timers = options.timers ?? {
    set: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let timer: unknown = null;
  /** The newest quantity not sent yet. */
  let waiting: number | null = null;
  let saving = false;
  /** Bumped on failure and dispose, so answers of older saves are ignored. */
  let generation = 0;
  let disposed = false;

  function stopTimer() {
    if (timer !== null) timers.clear(timer);
    timer = null;
  }

  function send() {
    if (waiting === null || saving || disposed) return;
    const quantity = waiting;
    const mine = generation;
    waiting = null;
    saving = true;
    options.save(quantity).then(
      () => {
        if (mine !== generation) return;
        saving = false;
        // A tap made during the save whose delay already ran out goes now.
        if (waiting !== null && timer === null) send();
        options.onSaved(quantity, waiting === null && !saving);
      },
      (error: unknown) => {
        if (mine !== generation) return;
        saving = false;
        stopTimer();
        waiting = null;
        generation += 1;
        options.onFailed(error, quantity);
      },
    );
  }

  return {
    change(quantity) {
      if (disposed) return;
      waiting = quantity;
      stopTimer();
      timer = timers.set(() => {
        timer = null;
        send();
      }, delay);
    },
    busy: () => waiting !== null || saving,
    dispose() {
      disposed = true;
      stopTimer();
      waiting = null;
      generation += 1;
    },
  };
}
