import { useRouteError } from 'react-router';
import { StartupError } from '../components/startup-error';
import { isChunkLoadError } from '../lib/lazy-route';

/** The router's error element: a screen's code failed to download, or a screen failed. */
export function RouteErrorPage() {
  const error = useRouteError();
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
