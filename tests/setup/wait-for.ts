export interface WaitOptions {
  timeoutMs?: number;
  everyMs?: number;
  what?: string;
  /** A reason to give up at once (a server process that stopped, say), or null while waiting makes sense. */
  stopIf?: () => string | null;
}

/**
 * Waits until `probe` holds (returns true, or a value other than undefined and false), checking every
 * `everyMs`; fails after `timeoutMs`, naming what it waited for, or at once when `stopIf` gives a reason.
 * The deadline only bounds the wait: the outcome is decided by the probe, never by how long it slept.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, everyMs = 20, what = 'the condition', stopIf = () => null }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    const reason = stopIf();
    if (reason) throw new Error(reason);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
