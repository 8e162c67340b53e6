import { toast } from 'react-hot-toast';

/** Toast durations of spec.md section 9: success 2000 ms, error and default 4000 ms. */
export const TOAST_DURATION = { success: 2000, error: 4000, default: 4000 } as const;
/** At most this many toasts on screen at once. */
export const TOAST_LIMIT = 20;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION.error }),
  info: (message: string) => toast(message, { duration: TOAST_DURATION.default }),
};
