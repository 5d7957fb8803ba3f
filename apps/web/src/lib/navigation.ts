/**
 * Navigation for code outside React (the API client's failed refresh). The
 * app registers its data router here; without one, the browser loads the
 * address itself.
 */
export interface AppNavigator {
  navigate: (to: string) => void;
  pathname: () => string;
}

const browserNavigator: AppNavigator = {
  navigate: (to) => window.location.replace(to),
  pathname: () => window.location.pathname,
};

let current: AppNavigator = browserNavigator;

/** Makes `navigator` the one to use; the returned function undoes it. */
export function registerNavigator(navigator: AppNavigator): () => void {
  current = navigator;
  return () => {
    if (current === navigator) current = browserNavigator;
  };
}

export function navigateTo(to: string): void {
  current.navigate(to);
}

export function currentPathname(): string {
  return current.pathname();
}
