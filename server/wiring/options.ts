import type { RouteOptions } from 'fastify';
import type { Clock } from '../../shop/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { RequestLimits } from '../plugins/limits.ts';
import type { QueueTiming } from '../production/jobs.ts';
import type { LimitStore } from '../services/limits/limitStore.ts';
import type { PictureSweepTiming } from '../services/pictures/pictureSweep.ts';
import type { PictureLimits } from '../services/pictures/pictures.ts';
import type { IdleMemoryOptions } from './idleMemory.ts';

/**
 * The parts of the app that are not configuration: the open database, and what a test puts in place
 * of the real thing (a clock, the limits' store, lower limits, queues that do not work).
 */
export interface AppOverrides {
  /** The open, migrated and seeded database (main.ts opens config.database; tests open their own). */
  database: Database;
  /** What "now" is for every decision made from the date (shop/clock.ts); default the machine's. */
  clock?: Clock;
  /** The shared limits' counters; default Redis at config.redisUrl, else the database. */
  limitStore?: LimitStore;
  /** The request limits' numbers (plugins/limits.ts); tests lower them. */
  requestLimits?: Partial<RequestLimits>;
  /** Upload limits (size, pixels, files per request); tests lower them. */
  pictureLimits?: Partial<PictureLimits>;
  /** The sweep of interrupted uploads' leftovers (services/pictures/pictureSweep.ts); tests shorten it. */
  pictureSweep?: Partial<PictureSweepTiming>;
  /** Order work (print files, mail): whether this process works the queues, their timing, render threads. */
  jobs?: { work?: boolean; timing?: Partial<QueueTiming>; renderThreads?: number };
  /** Where the log lines go (JSON, one a line); default stdout. Tests read them. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is added (the fuzz suite requests every route the app has). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * An answer that does not match its schema in shop/api/ fails with a 500 (the tests) rather than
   * being logged and sent (plugins/contract.ts); default false.
   */
  strictAnswers?: boolean;
  /**
   * Memory given back after a load (wiring/idleMemory.ts): its timing, and the collection (default
   * V8's gc() when Node has --expose-gc; null turns it off).
   */
  idleMemory?: { options?: IdleMemoryOptions; collect?: (() => void) | null };
  /** Recent cart reads kept in memory (wiring/cartReads.ts); default true, false reads every time. */
  cartReads?: boolean;
}

/** What every part of the app is given (server/wiring/*). */
export interface WiringOptions {
  config: ServerConfig;
  overrides: AppOverrides;
}
