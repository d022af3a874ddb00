/**
 * Durable work after an order (pg-boss): its production (print files) and its confirmation mail.
 *
 * - Queued in the order's own database transaction (`enqueueOrder`, through pg-boss's drizzle
 *   adapter), so the jobs exist exactly when the order does: a rolled-back order leaves no job, a
 *   committed one never lacks its jobs.
 * - pg-boss runs on the same database the shop uses: the embedded PGlite instance (its PGlite
 *   adapter) or PostgreSQL (its own pool). Jobs are fetched with SKIP LOCKED and the queues are
 *   'exclusive' per order (singletonKey), so two instances on one PostgreSQL never work one order at
 *   once, and a second send while one is queued or active is a no-op.
 * - A worker that dies (kill -9) stops sending heartbeats: after `heartbeatSeconds` pg-boss retries
 *   the job elsewhere (or after a restart). Failures retry with exponential backoff; a job out of
 *   retries lands in the dead-letter queue, whose worker marks the order failed for the lab.
 */
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, type JobResult, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/connect.ts';
import { emailOutbox, orders } from '../db/schema.ts';
import type { OrderJobs } from '../services/checkout/orderJobs.ts';
import type { OrderSnapshot } from '../services/checkout/orders.ts';
import type { PictureJobs } from '../services/pictures/pictureRegions.ts';

export const QUEUES = {
  production: 'order-production',
  productionDead: 'order-production-dead',
  email: 'order-email',
  emailDead: 'order-email-dead',
  /** Idle visitors' sessions, carts and pictures (services/identity/cleanup.ts) and expired resumable uploads, on a schedule. */
  cleanup: 'visitor-cleanup',
  /** Taking an authorised payment when its order leaves the lab (issue 29). */
  capture: 'payment-capture',
  captureDead: 'payment-capture-dead',
  /** Asking the providers about payments pending too long (a lost webhook, a closed tab). */
  reconcile: 'payment-reconcile',
  /** Faces and salient region of an uploaded picture (services/pictures/pictureRegions.ts, issue 32). */
  analysis: 'picture-analysis',
  /** A photo book made from the shopper's pictures (services/photobooks/autocreate.ts, issue 33). */
  photobook: 'photobook-autocreate',
} as const;

/** Every minute: a lost webhook is noticed within PAYMENT_RECONCILE_AFTER_S and a minute. */
export const RECONCILE_CRON = '* * * * *';

export interface CaptureJobData {
  transactionUuid: string;
}

/** Every hour at :23 (off the hour, when other schedules crowd): a small delete each time. */
export const CLEANUP_CRON = '23 * * * *';

export const CONFIRMATION = 'order-confirmation';

export interface ProductionJobData {
  orderUuid: string;
}
export interface EmailJobData {
  outboxUuid: string;
}
export interface PhotobookJobData {
  autocreateUuid: string;
}
export interface AnalysisJobData {
  pictureUuid: string;
}

/** Retry and expiry of the production queue; tests shorten them. */
export interface QueueTiming {
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter), at most retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /** A job still active after this long is retried (a hung render). */
  expireInSeconds: number;
  /** A worker that has not beaten for this long is taken as dead and its job retried (≥ 10). */
  heartbeatSeconds: number;
  pollingIntervalSeconds: number;
  /** How often pg-boss looks for expired jobs and lapsed heartbeats (so how soon a dead worker's job is retried). */
  superviseIntervalSeconds: number;
}

/** Analyses fetched at once: a few seconds' work for the one analysis thread, well inside its expiry. */
const ANALYSIS_BATCH = 4;

export const DEFAULT_TIMING: QueueTiming = {
  retryLimit: 5,
  retryDelay: 10,
  retryDelayMax: 600,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 10,
  pollingIntervalSeconds: 2,
  superviseIntervalSeconds: 15,
};

export interface JobHandlers {
  /** Produces the order's files; throws to have the job retried. `lastAttempt`: no retry follows. */
  production(orderUuid: string, attempt: { lastAttempt: boolean; signal: AbortSignal }): Promise<void>;
  /** A production job out of retries: the order is failed for the lab. */
  productionGaveUp(orderUuid: string): Promise<void>;
  /** Sends one outbox mail (if not sent yet); throws to have it retried. */
  email(outboxUuid: string): Promise<void>;
  /** Removes what idle visitors left behind (services/identity/cleanup.ts). */
  cleanup(): Promise<void>;
  /** Captures an authorised payment; throws to have it retried. */
  capture(transactionUuid: string): Promise<void>;
  /** A capture out of retries: the lab is told on its desk. */
  captureGaveUp(transactionUuid: string): Promise<void>;
  /** Asks the providers about payments pending too long. */
  reconcile(): Promise<void>;
  /** Finds a picture's faces and salient region (if not found yet); throws to have it retried. */
  analysePicture(pictureUuid: string): Promise<void>;
  /** Makes a photo book from the shopper's pictures; throws to have it retried. `lastAttempt`: none follows. */
  autocreatePhotobook(autocreateUuid: string, attempt: { lastAttempt: boolean }): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  /** Whether this process works the queues; false: it only queues (a web-only instance, some tests). */
  work: boolean;
  handlers: JobHandlers;
  timing?: Partial<QueueTiming>;
  log: {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

export class Jobs implements OrderJobs, PictureJobs {
  readonly boss: PgBoss;
  readonly timing: QueueTiming;
  private started: Promise<void> | null = null;
  private photobookWorker: string | null = null;

  constructor(private readonly options: JobsOptions) {
    const { connection } = options.database;
    const timing = { ...DEFAULT_TIMING, ...options.timing };
    this.timing = timing;
    const common = {
      // The cron of the cleanup; pg-boss lets one instance send each due job, however many run it.
      schedule: options.work,
      superviseIntervalSeconds: timing.superviseIntervalSeconds,
      monitorIntervalSeconds: timing.superviseIntervalSeconds,
    };
    this.boss =
      connection.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: connection.url, max: 4 });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'Job queue error'));
  }

  /** Creates pg-boss's schema and the queues (idempotent), then works them if this process does. */
  start(): Promise<void> {
    this.started ??= this.startOnce();
    return this.started;
  }

  private async startOnce() {
    const { boss, timing } = this;
    await boss.start();
    const retries = {
      retryLimit: timing.retryLimit,
      retryDelay: timing.retryDelay,
      retryBackoff: true,
      retryDelayMax: timing.retryDelayMax,
    };
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    const ensure = async (name: string, options: Parameters<PgBoss['createQueue']>[1]) => {
      if (!existing.has(name)) await boss.createQueue(name, options);
    };
    await ensure(QUEUES.productionDead, { policy: 'standard', retryLimit: 0 });
    await ensure(QUEUES.emailDead, { policy: 'standard', retryLimit: 0 });
    await ensure(QUEUES.production, {
      policy: 'exclusive',
      ...retries,
      expireInSeconds: timing.expireInSeconds,
      heartbeatSeconds: timing.heartbeatSeconds,
      deadLetter: QUEUES.productionDead,
    });
    await ensure(QUEUES.email, {
      policy: 'exclusive',
      ...retries,
      expireInSeconds: 120,
      deadLetter: QUEUES.emailDead,
    });
    await ensure(QUEUES.cleanup, { policy: 'singleton', retryLimit: 2, expireInSeconds: 600 });
    await ensure(QUEUES.captureDead, { policy: 'standard', retryLimit: 0 });
    await ensure(QUEUES.capture, {
      policy: 'exclusive',
      ...retries,
      expireInSeconds: 120,
      deadLetter: QUEUES.captureDead,
    });
    await ensure(QUEUES.reconcile, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
    // A picture out of retries keeps no regions and is cropped about its centre: no dead letter.
    await ensure(QUEUES.analysis, { policy: 'exclusive', ...retries, expireInSeconds: 300 });
    // 300 pictures' signals found (≈0.05 s each, two at once) and laid out: well inside 15 minutes.
    await ensure(QUEUES.photobook, { policy: 'exclusive', ...retries, expireInSeconds: 900 });
    if (!this.options.work) return;
    const { handlers, log } = this.options;
    await boss.schedule(QUEUES.cleanup, CLEANUP_CRON);
    await boss.work(QUEUES.cleanup, { pollingIntervalSeconds: timing.pollingIntervalSeconds }, async () => {
      await handlers.cleanup();
    });
    const polling = { pollingIntervalSeconds: timing.pollingIntervalSeconds };
    await boss.schedule(QUEUES.reconcile, RECONCILE_CRON);
    await boss.work(QUEUES.reconcile, polling, async () => {
      await handlers.reconcile();
    });
    await boss.work<CaptureJobData>(QUEUES.capture, { ...polling, batchSize: 1 }, async ([job]) => {
      await handlers.capture(job!.data.transactionUuid);
    });
    await boss.work<CaptureJobData>(QUEUES.captureDead, polling, async ([job]) => {
      await handlers.captureGaveUp(job!.data.transactionUuid);
    });
    // A shopper's upload of 50 photos queues 50 analyses: fetched one per poll (2 s), the last crop
    // moved 100 s later. Batches that come back full are fetched again at once, and each job settles
    // on its own, so one bad picture retries alone.
    const analysisWork = {
      ...polling,
      batchSize: ANALYSIS_BATCH,
      burstWhenBatchFull: true,
      perJobResults: true,
    } as const;
    await boss.work<AnalysisJobData, JobResult[], typeof analysisWork>(
      QUEUES.analysis,
      analysisWork,
      async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await handlers.analysePicture(job.data.pictureUuid);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            log.warn({ err: error, pictureUuid: job.data.pictureUuid }, 'A picture analysis failed');
            results.push({ id: job.id, status: 'failed', output: { message: String(error) } });
          }
        }
        return results;
      },
    );
    this.photobookWorker = await boss.work(
      QUEUES.photobook,
      { ...polling, batchSize: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<PhotobookJobData>[]) => {
        await handlers.autocreatePhotobook(job!.data.autocreateUuid, {
          lastAttempt: job!.retryCount >= job!.retryLimit,
        });
      },
    );
    await boss.work(
      QUEUES.production,
      { ...polling, batchSize: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<ProductionJobData>[]) => {
        const { orderUuid } = job!.data;
        const lastAttempt = job!.retryCount >= job!.retryLimit;
        log.info({ orderUuid, attempt: job!.retryCount + 1 }, 'Producing order');
        await handlers.production(orderUuid, { lastAttempt, signal: job!.signal });
      },
    );
    await boss.work<ProductionJobData>(QUEUES.productionDead, polling, async ([job]) => {
      await handlers.productionGaveUp(job!.data.orderUuid);
    });
    await boss.work<EmailJobData>(
      QUEUES.email,
      { ...polling, batchSize: 1 },
      async ([job]: Job<EmailJobData>[]) => {
        await handlers.email(job!.data.outboxUuid);
      },
    );
    await boss.work<EmailJobData>(QUEUES.emailDead, polling, async ([job]) => {
      log.error(
        { outboxUuid: job!.data.outboxUuid },
        'A confirmation mail could not be sent after every retry',
      );
    });
    await this.requeueUnfinished();
  }

  /** Queues a cleanup now (the lab's desk or a test), besides the schedule's. */
  async cleanupNow(): Promise<string | null> {
    await this.start();
    return this.boss.send(QUEUES.cleanup, {});
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    // Not graceful: a job in hand is left active and taken up again after its heartbeat lapses, which
    // is what happens after a crash too, so there is one recovery path, not two.
    await this.boss.stop({ graceful: false, close: true });
  }

  /**
   * How many jobs wait and run in each queue (for /metrics), as pg-boss counted them at most a
   * minute ago: counting the job table on every scrape would cost more than the answer is worth.
   * Empty before the queues are started.
   */
  async queueSizes(): Promise<{ queue: string; queued: number; active: number }[]> {
    if (!this.started) return [];
    await this.started;
    return Promise.all(
      Object.values(QUEUES).map(async (queue) => {
        const [stats] = await this.boss.getQueueStats(queue, { force: true });
        return { queue, queued: stats?.queuedCount ?? 0, active: stats?.activeCount ?? 0 };
      }),
    );
  }

  async enqueueOrder(tx: Db, orderUuid: string): Promise<void> {
    const [order] = await tx
      .select({ snapshot: orders.snapshot })
      .from(orders)
      .where(eq(orders.uuid, orderUuid));
    if (!order) throw new Error(`No order ${orderUuid} in this transaction`);
    const email = (order.snapshot as OrderSnapshot).customer.email;
    const db = fromDrizzle(tx as never, sql as never);
    await this.boss.send(QUEUES.production, { orderUuid } satisfies ProductionJobData, {
      singletonKey: orderUuid,
      db,
    });
    const [outbox] = await tx
      .insert(emailOutbox)
      .values({ orderUuid, kind: CONFIRMATION, toAddress: email })
      .onConflictDoNothing()
      .returning({ uuid: emailOutbox.uuid });
    if (outbox) {
      await this.boss.send(QUEUES.email, { outboxUuid: outbox.uuid } satisfies EmailJobData, {
        singletonKey: outbox.uuid,
        db,
      });
    }
  }

  async enqueueCapture(tx: Db, transactionUuid: string): Promise<void> {
    const db = fromDrizzle(tx as never, sql as never);
    await this.boss.send(QUEUES.capture, { transactionUuid } satisfies CaptureJobData, {
      singletonKey: transactionUuid,
      db,
    });
  }

  async enqueueAnalysis(tx: Db, pictureUuids: readonly string[]): Promise<void> {
    const db = fromDrizzle(tx as never, sql as never);
    for (const pictureUuid of pictureUuids) {
      await this.boss.send(QUEUES.analysis, { pictureUuid } satisfies AnalysisJobData, {
        singletonKey: pictureUuid,
        db,
      });
    }
  }

  /**
   * A shopper watches the bar of the book just asked for: its queue looks now instead of at its next
   * poll (up to `pollingIntervalSeconds` later). Called after the transaction that queued the job.
   */
  wakePhotobook(): void {
    if (this.photobookWorker) this.boss.notifyWorker(this.photobookWorker);
  }

  async enqueuePhotobook(tx: Db, autocreateUuid: string): Promise<void> {
    const db = fromDrizzle(tx as never, sql as never);
    await this.boss.send(QUEUES.photobook, { autocreateUuid } satisfies PhotobookJobData, {
      singletonKey: autocreateUuid,
      db,
    });
  }

  /** Runs the reconciliation now (tests, the lab), besides its schedule. */
  async reconcileNow(): Promise<string | null> {
    await this.start();
    return this.boss.send(QUEUES.reconcile, {});
  }

  async enqueueMail(tx: Db, orderUuid: string, kind: string, toAddress: string): Promise<void> {
    const [outbox] = await tx
      .insert(emailOutbox)
      .values({ orderUuid, kind, toAddress })
      .onConflictDoNothing()
      .returning({ uuid: emailOutbox.uuid });
    if (!outbox) return;
    const db = fromDrizzle(tx as never, sql as never);
    await this.boss.send(QUEUES.email, { outboxUuid: outbox.uuid } satisfies EmailJobData, {
      singletonKey: outbox.uuid,
      db,
    });
  }

  async rerunProduction(orderUuid: string): Promise<void> {
    await this.sendProduction(orderUuid);
  }

  private sendProduction(orderUuid: string) {
    return this.boss.send(QUEUES.production, { orderUuid } satisfies ProductionJobData, {
      singletonKey: orderUuid,
    });
  }

  /**
   * At start: every order whose production is not finished, and every unsent mail, gets its job again
   * (a no-op where one is queued or active). Covers orders made before production existed and a
   * database restored from a backup without pg-boss's tables.
   */
  private async requeueUnfinished() {
    const { db } = this.options.database;
    const open = await db
      .select({ uuid: orders.uuid })
      .from(orders)
      .where(inArray(orders.productionStatus, ['queued', 'rendering']));
    for (const { uuid } of open) await this.sendProduction(uuid);
    const unsent = await db
      .select({ uuid: emailOutbox.uuid })
      .from(emailOutbox)
      .where(isNull(emailOutbox.sentAt));
    for (const { uuid } of unsent) {
      await this.boss.send(QUEUES.email, { outboxUuid: uuid } satisfies EmailJobData, { singletonKey: uuid });
    }
    if (open.length || unsent.length) {
      this.options.log.info({ orders: open.length, mails: unsent.length }, 'Queued unfinished order work');
    }
  }
}
