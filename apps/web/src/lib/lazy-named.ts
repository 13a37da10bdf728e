import { lazy, type ComponentType } from 'react';

// Any props, as React.lazy itself accepts; each call keeps its component's own props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for a named export: the module downloads on the component's first render.
 * `lazyNamed(() => import('./contact-form'), 'ContactForm')`.
 */
export function lazyNamed<Module extends Record<Name, AnyComponent>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
