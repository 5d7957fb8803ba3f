/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  /** The page's name: document title, and the admin breadcrumb. */
  title?: string;
}

export function handleTitle(handle: unknown): string | undefined {
  if (typeof handle === 'object' && handle !== null && 'title' in handle) {
    const { title } = handle as RouteHandle;
    return typeof title === 'string' ? title : undefined;
  }
  return undefined;
}
