/**
 * A message by key, never as text: what the server's errors and the shared line rules carry, so that
 * every language's words, English included, live in one place (public/locale/{lng}/server.json,
 * under `errors.`) and the server words them in the portal's language when it answers.
 *
 * A value is a string or number put into the message's {{placeholders}}, or a phrase of its own (a
 * key and its values, worded in the same language): "try again in {{wait}}" with
 * `wait: { key: 'wait.seconds', values: { count: 30 } }`.
 */
export interface Phrase {
  /** The key under `errors.` in server.json. */
  readonly key: string;
  readonly values?: MessageValues;
}

export type MessageValues = Readonly<Record<string, string | number | Phrase>>;

/** How long to wait, as a phrase: a second, 90 seconds, 5 minutes, 2 hours. */
export function waitPhrase(seconds: number): Phrase {
  if (seconds < 120) return { key: 'wait.seconds', values: { count: Math.max(1, Math.ceil(seconds)) } };
  if (seconds < 2 * 3600) return { key: 'wait.minutes', values: { count: Math.ceil(seconds / 60) } };
  return { key: 'wait.hours', values: { count: Math.ceil(seconds / 3600) } };
}
