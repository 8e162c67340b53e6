import type { ReactNode } from 'react';
import { isNotFound } from '../../lib/api-client.ts';

interface LoadErrorProps {
  error: unknown;
  /** What failed to load, e.g. 'product'. */
  what: string;
  notFoundTitle: string;
  notFoundText: string;
  /** Where to go from the not-found page (a link). */
  action: ReactNode;
  onRetry: () => unknown;
}

/** A page whose main data failed: "not found" with a way on, or "something went wrong" with Try again. */
export function LoadError({ error, what, notFoundTitle, notFoundText, action, onRetry }: LoadErrorProps) {
  if (isNotFound(error)) {
    return (
      <div className="not-found">
        <h1>{notFoundTitle}</h1>
        <p>{notFoundText}</p>
        <p>{action}</p>
      </div>
    );
  }
  return (
    <div className="empty-state" role="alert">
      <h1>Something went wrong</h1>
      <p>The {what} could not be loaded. Check your connection and try again.</p>
      <button type="button" className="btn" onClick={() => void onRetry()}>
        Try again
      </button>
    </div>
  );
}
