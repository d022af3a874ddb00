/**
 * Recent cart reads, kept in memory (issue 31: the cart is read on every page, and a read that goes to
 * the database cost 8 times a bare route). The database announces every change of what a cart read
 * answers on the channel `cart_changed` (migration 0013), and a server forgets what a notice names; a
 * shopper's own request forgets their session's read as it is answered, so a change is never followed
 * by an older cart, even before its notice arrives.
 *
 * A read is served from here only while the notices are heard (a lost listening connection forgets
 * everything and keeps nothing until it is back), and is never kept when a notice or the shopper's own
 * request came while it was being read from the database.
 */
import type { Cart } from '../../../shop/index.ts';

export interface CartReadEntry {
  portalUuid: string;
  expiresAt: Date;
  lastSeenAt: Date;
  userUuid: string | null;
  cartUuid: string | null;
  cart: Cart;
}

interface Kept extends CartReadEntry {
  keptAt: number;
}

export interface CartReadCacheOptions {
  /** Reads kept at most (the oldest goes first). */
  maxEntries: number;
  /** A read older than this is read again, whatever was heard: a bound on any change not announced. */
  maxAgeMs: number;
  /** A session not noted as seen for this long is read from the database, which notes it. */
  seenPrecisionMs: number;
}

/** A read under way: what it may be kept under, if nothing came in between. */
export interface PendingRead {
  idHash: string;
  heard: number;
  token: object;
}

export class CartReadCache {
  private readonly entries = new Map<string, Kept>();
  private readonly pending = new Map<string, object>();
  /** Notices heard so far: a read that started before the latest one is not kept. */
  private heard = 0;
  private listening = false;

  constructor(private readonly options: CartReadCacheOptions) {}

  /** Whether notices are heard now; when they stop, everything is forgotten. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }

  /** The kept read of a session on this portal at `now`, or null when it must be read again. */
  get(idHash: string, portalUuid: string, now: Date): Cart | null {
    if (!this.listening) return null;
    const kept = this.entries.get(idHash);
    if (!kept) return null;
    const t = now.getTime();
    if (
      kept.portalUuid !== portalUuid ||
      kept.expiresAt.getTime() <= t ||
      t - kept.lastSeenAt.getTime() > this.options.seenPrecisionMs ||
      t - kept.keptAt > this.options.maxAgeMs ||
      t < kept.keptAt
    ) {
      this.entries.delete(idHash);
      return null;
    }
    return kept.cart;
  }

  /** Starts a read from the database of a session's cart. */
  begin(idHash: string): PendingRead {
    // Reads of one session at once share a token: a read does not stop another from being kept.
    let token = this.pending.get(idHash);
    if (!token) {
      token = {};
      this.pending.set(idHash, token);
    }
    return { idHash, heard: this.heard, token };
  }

  /** Keeps what the read found, unless a notice or the session's own request came meanwhile. */
  keep(read: PendingRead, entry: CartReadEntry, now: Date): void {
    const current = this.pending.get(read.idHash) === read.token;
    if (current) this.pending.delete(read.idHash);
    if (!this.listening || !current || read.heard !== this.heard) return;
    this.entries.delete(read.idHash);
    this.entries.set(read.idHash, { ...entry, keptAt: now.getTime() });
    if (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** A session's request (anything but its cart read) may change its cart: its read is read again. */
  forgetSession(idHash: string): void {
    this.entries.delete(idHash);
    this.pending.delete(idHash);
  }

  /**
   * A notice of `cart_changed`: a line's cart uuid, `c:<cart>:<session hash>:<user>` for a cart, or
   * `s:<session hash>` for a session. What it names is forgotten; reads under way are not kept.
   */
  heardNotice(payload: string): void {
    this.heard++;
    const [kind, a = '', b = '', c = ''] = payload.includes(':') ? payload.split(':') : ['line', payload];
    if (kind === 's') {
      this.forgetSession(a);
      return;
    }
    const cart = kind === 'c' ? a : payload;
    const session = kind === 'c' ? b : '';
    const user = kind === 'c' ? c : '';
    if (session) this.forgetSession(session);
    for (const [idHash, kept] of this.entries) {
      if (kept.cartUuid === cart || (user && kept.userUuid === user)) this.entries.delete(idHash);
    }
  }

  /** Forgets every read (the notices were not heard for a while). */
  forgetAll(): void {
    this.heard++;
    this.entries.clear();
    this.pending.clear();
  }

  /** Reads kept now (for tests and the log). */
  get size(): number {
    return this.entries.size;
  }
}
