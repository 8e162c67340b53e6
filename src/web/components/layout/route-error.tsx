import { Component, type ReactNode } from 'react';

interface State {
  error: unknown;
}

/** When a page fails (its code could not be fetched, a bug): say so and offer a way on, instead of a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="not-found" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Check your connection and try again.</p>
        <p>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Reload
          </button>{' '}
          <a href="/" className="btn btn--secondary">
            Go to the shop
          </a>
        </p>
      </div>
    );
  }
}
