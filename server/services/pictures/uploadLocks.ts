/**
 * The resumable uploads' locks (tus, issue 32), shared by every instance of the shop on one
 * PostgreSQL: a piece of an upload is written by one request at a time, whichever instance the
 * request lands on. Without it, a phone that resumes on instance B while its cut request still runs
 * on instance A has both write the upload, and both may finish it (a doubled picture).
 *
 * Session-level advisory locks on one connection of the instance's own: PostgreSQL releases them if
 * the instance dies (no lock outlives its holder, no expiry to guess), and the connection is held
 * only while an upload is locked. Advisory locks are re-entrant per connection, so the instance
 * also keeps its own holders: a second request here waits for the first as on another instance.
 * A waiter asks the holder to let go (tus's requestRelease, which ends the holder's request after
 * its drain time) with NOTIFY, which every instance LISTENs for on the same connection.
 *
 * Embedded PGlite is one process: tus's MemoryLocker is right there (wiring/storage.ts).
 */
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import { ERRORS } from '@tus/utils';
import pg from 'pg';

/** The first key of the advisory locks (an int4 of our own; the second is the upload id's hash). */
const LOCK_CLASS = 160_816_032;
const RELEASE_CHANNEL = 'print_shop_upload_release';
/** How often a waiter tries again (and asks again to be let in). */
const RETRY_MS = 100;

const noop = async () => {};

export class PostgresLocker implements Locker {
  private connecting: Promise<pg.Client> | null = null;
  /** This instance's holders (and requests about to hold), by upload id. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    private readonly url: string,
    /** How long a request waits for an upload held elsewhere before it fails (tus's 30 s). */
    readonly timeoutMs = 30_000,
    private readonly log: { warn(message: string): void } = console,
  ) {}

  newLock(id: string): Lock {
    return new PostgresLock(this, id);
  }

  /** The locks' connection, opened on first use (a shop that never sees a resumable upload has none). */
  connection(): Promise<pg.Client> {
    if (this.connecting) return this.connecting;
    // A stalled network fails the lock's query (the request answers an error) rather than holding it.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, query_timeout: 20_000 });
    const opening = client.connect().then(async () => {
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      return client;
    });
    const lost = () => {
      if (this.connecting !== opening) return;
      this.connecting = null;
      // The locks went with the connection: every holder here stops as soon as it may.
      for (const release of this.held.values()) void release();
    };
    client.on('error', (err) => {
      this.log.warn(`Upload locks: connection lost (${err.message})`);
      lost();
    });
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === RELEASE_CHANNEL && message.payload) void this.held.get(message.payload)?.();
    });
    opening.catch(lost);
    this.connecting = opening;
    return opening;
  }

  /** The connection now, if it is open (an unlock on a lost one has nothing to release). */
  async current(): Promise<pg.Client | null> {
    return this.connecting ? this.connecting.catch(() => null) : null;
  }

  async close(): Promise<void> {
    const client = await this.current();
    this.connecting = null;
    await client?.end().catch(() => undefined);
  }
}

class PostgresLock implements Lock {
  private client: pg.Client | null = null;

  constructor(
    private readonly locker: PostgresLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, id } = this;
    const deadline = Date.now() + locker.timeoutMs;
    for (;;) {
      const holder = locker.held.get(id);
      if (holder) {
        await holder();
      } else {
        // Taken here before the query, so no other request of this instance asks the same connection.
        locker.held.set(id, noop);
        let got = false;
        try {
          const client = await locker.connection();
          const { rows } = await client.query<{ got: boolean }>(
            'select pg_try_advisory_lock($1, hashtext($2)) as got',
            [LOCK_CLASS, id],
          );
          got = rows[0]?.got === true;
          if (got) {
            this.client = client;
            locker.held.set(id, requestRelease);
            return;
          }
          await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
        } finally {
          if (!got) locker.held.delete(id);
        }
      }
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async unlock(): Promise<void> {
    const { locker, id } = this;
    const client = this.client;
    this.client = null;
    try {
      if (client && client === (await locker.current())) {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id]);
      }
    } catch {
      // A lock that cannot be released must not stay: ending the connection releases it (and tells
      // this instance's other holders to stop).
      await client?.end().catch(() => undefined);
    } finally {
      locker.held.delete(id);
    }
  }
}
