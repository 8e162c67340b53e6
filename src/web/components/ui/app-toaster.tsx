import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATION, TOAST_LIMIT } from '../../lib/notify.ts';

/** The toasts: spec durations, and never more than TOAST_LIMIT on screen (the oldest go first). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_LIMIT)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION.default,
        success: { duration: TOAST_DURATION.success },
        error: { duration: TOAST_DURATION.error },
      }}
    />
  );
}
