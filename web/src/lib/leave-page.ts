/** Sends the browser to a checkout or billing page outside the app (a separate module so tests can watch it). */
export function leavePage(url: string): void {
  window.location.assign(url);
}
