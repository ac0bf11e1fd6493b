import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from '@/components/errors/crash-screen';
import { reportError } from '@/lib/error-reporting';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches what escapes the router's own boundary, reports it, shows the crash screen. */
export class AppErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
