// A component whose code is its own chunk, with preload() to fetch it ahead.
// Unlike plain React.lazy, it renders at once (no Suspense fallback) when the
// code has already arrived.
import { createElement, lazy, type ComponentType } from 'react';

export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then(
    (component) => (loaded = component),
    (error: unknown) => {
      loading = undefined; // a later render may try again
      throw error;
    },
  ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Deferred = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Deferred, { preload, isLoaded: () => loaded !== undefined });
}
