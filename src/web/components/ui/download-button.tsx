import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { type ApiDownload, downloadFromApi } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import './buttons.css';

interface DownloadButtonProps {
  /** The file to download (a features/<name>/api descriptor). */
  file: ApiDownload;
  children: ReactNode;
  /** Defaults to a secondary button. */
  className?: string;
  disabled?: boolean;
  /** Tied to the button with aria-describedby (a hint, an error under a form). */
  describedBy?: string | undefined;
}

/**
 * Every download of the admin area: fetches the file with the session's token, saves it under the
 * server's name, and says how it went in a toast. Busy (and not pressable again) while it downloads.
 */
export function DownloadButton({ file, children, className = 'btn btn--secondary', disabled = false, describedBy }: DownloadButtonProps) {
  const download = useMutation({
    mutationKey: ['download', file.path],
    mutationFn: downloadFromApi,
    onSuccess: (name) => notify.success(`Downloaded ${name}`),
    onError: (error) => notify.error(errorMessage(error, 'The download failed. Try again.')),
  });
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      // Not `disabled` while busy: the button keeps the keyboard's focus.
      aria-disabled={download.isPending || undefined}
      aria-busy={download.isPending}
      aria-describedby={describedBy}
      onClick={() => {
        if (!download.isPending) download.mutate(file);
      }}
    >
      {download.isPending ? 'Preparing the file…' : children}
    </button>
  );
}
