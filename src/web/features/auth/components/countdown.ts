import { useEffect, useState } from 'react';

/** Guard countdown of spec.md: from 3 to 0, one step a second. */
export const REDIRECT_SECONDS = 3;

/** The next value of the countdown (never below zero). */
export const tick = (seconds: number) => Math.max(0, seconds - 1);

/** "Redirecting you in 3 seconds" (the spec's text, correctly spelt and pluralised). */
export const redirectMessage = (seconds: number) =>
  `Redirecting you in ${seconds} second${seconds === 1 ? '' : 's'}`;

export function useCountdown(start: number = REDIRECT_SECONDS): number {
  const [seconds, setSeconds] = useState(start);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds(tick), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return seconds;
}
