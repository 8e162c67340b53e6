import { paths } from '../../config/paths.ts';

/**
 * The router state the account screens pass along: `from`, the page a guard or the cart remembered
 * (login returns there), and `email`, filled in after register or a password reset.
 */
const ACCOUNT_PATHS: readonly string[] = [paths.login, paths.register, paths.forgotPassword, paths.resetPassword];

const asObject = (state: unknown): Record<string, unknown> =>
  state && typeof state === 'object' ? (state as Record<string, unknown>) : {};

/** The e-mail the previous account screen handed over, or ''. */
export function rememberedEmail(state: unknown): string {
  const email = asObject(state).email;
  return typeof email === 'string' ? email : '';
}

/** The state for going on to the login form: the remembered page kept, the e-mail filled in. */
export function loginState(state: unknown, email: string): Record<string, unknown> {
  return { ...asObject(state), email };
}

/**
 * Where to go after logging in: the remembered page (`state.from`, or a plain path string) if it is a
 * page of this site and not an account screen; otherwise `otherwise` (the shop; the admin area for the owner).
 */
export function returnPath(state: unknown, otherwise: string = paths.home): string {
  const from = typeof state === 'string' ? state : asObject(state).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return otherwise;
  return ACCOUNT_PATHS.includes(from.split(/[?#]/)[0] ?? '') ? otherwise : from;
}

/** The token of a mailed reset link, `#token=…`: a fragment, so browsers never send it to the server. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}
