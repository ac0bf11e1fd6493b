// The page's one script tag. When the server sent the page already rendered
// (the sign-in page, prerender.tsx), the app starts only after the browser
// has painted it: evaluating the app's code is the page's longest task, and
// run first it would hold back the form that is already there. The code is
// fetched meanwhile (modulepreload links in index.html), so nothing waits on
// the network; without pre-rendered markup the app starts at once.
const root = document.getElementById('root');
let started = () => {};
const start = () => void import('@/main').then(({ startApp }) => startApp(() => started()));

if (root?.hasChildNodes()) {
  started = holdEarlyClicks(root);
  // A frame callback runs before that frame paints; the timeout after it, once painted.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}

/**
 * A button of the pre-rendered page does nothing until the app has hydrated
 * it (the reset dialog, the language menu): a click on one before that is
 * held and made again once the app has started, on the same element, which
 * hydration keeps. Links and fields work natively and are left alone.
 * Returns what to call once the app has started.
 */
function holdEarlyClicks(root: HTMLElement): () => void {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  root.addEventListener('click', hold, true);
  return () => {
    root.removeEventListener('click', hold, true);
    // When the app rendered anew instead of hydrating, the element is gone.
    const button = held;
    held = null;
    if (button?.isConnected) button.click();
  };
}
