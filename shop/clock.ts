/**
 * The shop's one clock: every decision made from the date (which calendar years a line may take,
 * when a session expires, when an order was paid, how old a cached thumbnail is) reads `now()` from
 * the Clock the app was built with, so a test can set the date and see what the shop does then.
 * Durations (timeouts, benchmarks, cache lifetimes in memory) keep the process's own timers.
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock: what the app runs on unless told otherwise. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that stands where it is put until it is moved: a test's way to be on a given day, or to
 * let days pass without waiting for them.
 */
export class SetClock implements Clock {
  private at: number;

  constructor(at: Date | string | number) {
    this.at = new Date(at).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date | string | number): void {
    this.at = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
