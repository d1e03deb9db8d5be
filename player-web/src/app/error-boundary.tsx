import { Component, type ReactNode } from 'react';
import { BareFrame } from '../components/ui/bare-frame';
import { ui } from '../lib/messages';
import { browserPage } from './new-build';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The screen's address: going elsewhere (the browser's "back") tries to show the screens again. */
  resetKey?: string;
}

/**
 * A screen that throws while showing (or whose code cannot be loaded even after the reload of
 * new-build.ts) shows a Russian message with «Обновить» inside the app's bar instead of a blank page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <BareFrame>
        <main className="page center">
          <div role="alert">
            <h1>{ui.crash.title}</h1>
            <p>{ui.crash.text}</p>
          </div>
          <button type="button" className="primary wide" onClick={() => browserPage.reload()}>
            {ui.crash.reload}
          </button>
        </main>
      </BareFrame>
    );
  }
}
