import {
  accountRoutes as account,
  type IdentityAnswer,
  type LoginLinkAnswer,
  type LogoutAnswer,
  type Me,
  type MyOrder,
  type SignUpInput,
} from '../../shop/index.ts';
import { call } from './call.ts';

export type SignedIn = Extract<IdentityAnswer, { result: 'OK' }>;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return call(account.me, {}, { signal });
}

/**
 * S0 §7: the legacy login takes a form body. A refusal (`{error}`) rejects with a CallError whose
 * message is the server's text, shown above the login button (S0 §8).
 */
export function login(username: string, password: string): Promise<SignedIn> {
  return call(account.login, { body: { username, password } });
}

/**
 * S0 §7: sign-up during checkout. A refusal rejects with a CallError whose `body` may carry
 * `fields` (field name → message), set on the form (S0 §8).
 */
export function signUp(input: SignUpInput): Promise<SignedIn> {
  return call(account.signUp, { body: { ...input } });
}

/**
 * Asks for a one-time login link mailed to the account with this address (issue 28). The answer is
 * the same whether or not there is such an account; a 429 when this address asked too often.
 */
export function requestLoginLink(email: string): Promise<LoginLinkAnswer> {
  return call(account.loginLink, { body: { email } });
}

/** Logs in with the token of a login link, as a password login would (the cart comes along). */
export function redeemLoginLink(token: string): Promise<SignedIn> {
  return call(account.redeemLoginLink, { body: { token } });
}

/** Ends the session; the shop shows the anonymous state after it. */
export function logout(): Promise<LogoutAnswer> {
  return call(account.logout, {});
}

/** A logged-in shopper's orders, newest first (401 when nobody is logged in). */
export async function getMyOrders(signal?: AbortSignal): Promise<MyOrder[]> {
  return (await call(account.myOrders, {}, { signal })).orders;
}

/** Find my order (issue 34): the matching order's receipt link goes by mail; the answer says nothing more. */
export async function findOrder(email: string, reference: string): Promise<void> {
  await call(account.findOrder, { body: { email, reference } });
}
