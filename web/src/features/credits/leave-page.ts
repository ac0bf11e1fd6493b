/** Sends the browser to a payment page outside the app (a separate module so tests can watch it). */
export function leavePage(url: string): void {
  window.location.assign(url);
}
