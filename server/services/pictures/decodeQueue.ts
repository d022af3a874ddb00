/**
 * The queue in front of the picture decode workers (pictureDecode.ts): a decode's memory grows with
 * its pixels (about 5 bytes a pixel for a HEIC, docs/decisions.md), so what is bounded is the pixels
 * being decoded at once, not only the number of decodes. Rules:
 * - a decode starts when fewer than `running` are running and its pixels fit in what `pixels` leaves;
 *   one larger than `pixels` runs alone (it could never fit, and refusing it is the pixel cap's job);
 * - first come, first served: a small decode does not overtake a large one waiting for room, so a
 *   large one is never starved;
 * - at most `waiting` wait; a further one is refused at once, and one that has waited `waitMs`
 *   without starting is refused then (DecodeQueueBusy), so a request never waits without end.
 */

export interface DecodeQueueOptions {
  /** Decodes running at once. */
  running: number;
  /** Pixels being decoded at once. */
  pixels: number;
  /** Decodes that may wait for their turn. */
  waiting: number;
  /** How long a decode may wait for its turn. */
  waitMs: number;
}

/** A decode the queue did not take: it was full, or the decode waited too long. */
export class DecodeQueueBusy extends Error {
  constructor(readonly reason: 'full' | 'timeout') {
    super(reason === 'full' ? 'Too many pictures are waiting to be decoded' : 'A picture waited too long');
  }
}

interface Waiter {
  pixels: number;
  start: () => void;
  timer: NodeJS.Timeout;
}

export class DecodeQueue {
  private active = 0;
  private activePixels = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly options: DecodeQueueOptions) {}

  /** Decodes running now, and waiting. */
  get stats() {
    return { running: this.active, pixels: this.activePixels, waiting: this.queue.length };
  }

  /** Runs `job` in its turn; rejects with DecodeQueueBusy if the queue is full or the wait too long. */
  async run<T>(pixels: number, job: () => Promise<T>): Promise<T> {
    const weight = Math.max(1, pixels);
    if (this.queue.length > 0 || !this.fits(weight)) await this.wait(weight);
    else this.take(weight);
    try {
      return await job();
    } finally {
      this.active--;
      this.activePixels -= weight;
      this.startWaiting();
    }
  }

  /** Whether a decode of `weight` pixels may start now; with none running, any may (alone). */
  private fits(weight: number) {
    return (
      this.active < this.options.running &&
      (this.active === 0 || this.activePixels + weight <= this.options.pixels)
    );
  }

  private take(weight: number) {
    this.active++;
    this.activePixels += weight;
  }

  private wait(weight: number): Promise<void> {
    if (this.queue.length >= this.options.waiting) return Promise.reject(new DecodeQueueBusy('full'));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        pixels: weight,
        start: () => {
          clearTimeout(waiter.timer);
          this.take(weight);
          resolve();
        },
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(new DecodeQueueBusy('timeout'));
          // The one that timed out may have been what held back those behind it.
          this.startWaiting();
        }, this.options.waitMs),
      };
      this.queue.push(waiter);
    });
  }

  private startWaiting() {
    while (this.queue.length > 0 && this.fits(this.queue[0]!.pixels)) this.queue.shift()!.start();
  }
}
