import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StartupError } from '../components/startup-error';
import { isChunkLoadError } from '../lib/lazy-route';

/** What the routes show instead of a screen that failed: its code did not download, or it broke. */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    return (
      <StartupError
        title="No se pudo cargar esta sección"
        message="Revisa tu conexión a internet e intenta de nuevo."
        canRetry
      />
    );
  }
  return (
    <StartupError
      title="Ocurrió un error inesperado"
      message="Intenta de nuevo. Si el problema continúa, vuelve más tarde."
      canRetry
    />
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The address: going elsewhere leaves the error behind (the other screen may well work). */
  address: string;
}

interface RouteErrorBoundaryState {
  error: unknown;
  address: string | null;
}

/** Around the routes: a screen that fails shows RouteErrorPage, never a blank page. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, address: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Error sin detalle') };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (state.error === null) return { address: props.address };
    return props.address === state.address ? null : { error: null, address: props.address };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Una pantalla falló', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}
