/**
 * Navigation for code that runs outside React components (the API client on a 401).
 * The router registers itself here when it is created.
 */
type Navigator = (to: string) => void;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  if (window.location.pathname === to) return;
  if (navigator) navigator(to);
  else window.location.assign(to);
}
