// React.lazy for a component whose code can be fetched ahead, by the interaction that will show it.
// Once the code is here, the component renders in the same pass instead of suspending for one: an
// empty fallback for that pass would, for one, leave a link's #fragment nothing to scroll to.
import { lazy, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error) => {
        loading = undefined; // a failed fetch is tried again next time
        throw error;
      },
    ));
  // React.lazy takes a thenable that answers within `then` as already resolved, with no pass suspended.
  const resolved = (component: ComponentType<P>) =>
    ({ then: (resolve: (module: Module<P>) => void) => resolve({ default: component }) }) as Promise<Module<P>>;
  const Component = lazy(() => (loaded ? resolved(loaded) : preload().then((component) => ({ default: component }))));
  return [Component, preload] as const;
}
