/**
 * Idempotency keys for the desk's refund button: a new key for every press, except that a press which
 * got no answer (the network failed, the server answered 5xx) is sent again with its own key when the
 * lab presses again for the same amount. The server may have refunded the first time; with the same
 * key it answers that refund instead of making a second one.
 */

/** A random key the server takes (8 to 100 of A–Z, a–z, 0–9 and `._:-`). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists in secure contexts only: a desk opened over plain http on the lab's own network
  // has getRandomValues alone.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class PressKeys {
  private unanswered: { what: string; key: string } | null = null;

  constructor(private readonly make: () => string = newIdempotencyKey) {}

  /** The key for a press that asks for `what` (an order and an amount). */
  press(what: string): string {
    if (this.unanswered?.what === what) return this.unanswered.key;
    const key = this.make();
    this.unanswered = { what, key };
    return key;
  }

  /** The server answered the last press (done, or refused with a reason): the next press is new. */
  answered(): void {
    this.unanswered = null;
  }
}
