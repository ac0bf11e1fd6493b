// The page's one script tag. When the server sent the page already rendered
// (the sign-in page, prerender.tsx), the app starts only after the browser
// has painted it: evaluating the app's code is the page's longest task, and
// run first it would hold back the form that is already there. The code is
// fetched meanwhile (modulepreload links in index.html), so nothing waits on
// the network; without pre-rendered markup the app starts at once.
const start = () => void import('@/main');

if (document.getElementById('root')?.hasChildNodes()) {
  // A frame callback runs before that frame paints; the timeout after it, once painted.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
