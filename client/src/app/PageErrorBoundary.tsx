import { Component, type ReactNode } from "react";

interface Props {
  /** The page's address: the boundary clears its error when the shopper goes elsewhere. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Keeps the header and footer usable when a page fails to render or its chunk fails to download
 * (e.g. a dropped connection, or an old tab after a new release): the shopper can retry or go on.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-status" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
}
