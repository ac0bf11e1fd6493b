// The page's one script tag, and on the pre-rendered sign-in page the only
// script it loads before someone touches it. The server sends
// that page rendered (prerender.tsx, internal/httpapi/spa.go): the form
// shows and works without the app, so the app (React, MUI, the router: some
// 180 KB) is fetched and run only when the person engages with the page. A
// page nobody touches needs no app, and its first paint waits on no script.
// Until the app has hydrated, what the person does is kept: a submit or a
// click on a button is held and made again once the app is there; typing and
// links work natively (the login page takes the typed values over).
// Without pre-rendered markup the app starts at once.
import { hydratable } from '@/prerender-markup';

/**
 * The <template> in which the server put the page's preload links (the
 * app's chunks, the texts of its language, the chunks of its route), so they
 * are fetched in one wave when the app is wanted, not with the page.
 */
const APP_PRELOADS = 'noces-app-preloads';

/** What shows that someone is using the page (the pointer moving over it too). */
const ENGAGEMENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'pointermove'] as const;

const root = document.getElementById('root');

const start = (onStarted: () => void) => {
  const links = document.getElementById(APP_PRELOADS);
  if (links instanceof HTMLTemplateElement) document.head.append(links.content.cloneNode(true));
  void import('@/main').then(({ startApp }) => startApp(onStarted));
};

if (root && hydratable(root)) {
  const started = holdUntilStarted(root);
  onEngagement(() => start(started));
} else {
  start(() => undefined);
}

/** Calls run once, on the first sign of someone using the page. */
function onEngagement(run: () => void): void {
  const engaged = (event: Event) => {
    // The browser focuses the autofocus field by itself as the page loads:
    // that focus is not the person's.
    if (event.type === 'focusin' && event.target instanceof Element && event.target.hasAttribute('autofocus')) return;
    for (const type of ENGAGEMENT) window.removeEventListener(type, engaged, true);
    run();
  };
  for (const type of ENGAGEMENT) window.addEventListener(type, engaged, { capture: true, passive: true });
}

/**
 * Until the app has hydrated the pre-rendered page, its buttons do nothing
 * (the reset dialog, the language menu, showing the password) and its forms
 * must not submit natively (a GET with the password in the address): a click
 * on a button and a submit are held, then made again once the app has
 * started, on the same elements, which hydration keeps. A form submits once
 * however many times it was sent meanwhile. The submit buttons are disabled
 * in the markup (safe with JavaScript off): they are enabled here, so that a
 * click or Enter in a field makes a submit to hold. Returns what to call once
 * the app has started.
 */
function holdUntilStarted(root: HTMLElement): () => void {
  type Held = { kind: 'click'; element: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; index: number };
  const held: Held[] = [];
  const forms = () => [...root.querySelectorAll('form')];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
    // A submit button's click goes on to make the submit, held below.
    if (!button || (button instanceof HTMLButtonElement && button.type === 'submit')) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ kind: 'click', element: button });
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (held.some((h) => h.kind === 'submit' && h.form === form)) return;
    held.push({ kind: 'submit', form, index: forms().indexOf(form) });
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[type="submit"][disabled]')) {
    button.disabled = false;
    // MUI's disabled look (Mui-disabled) also takes the pointer events away and the button out of the tab order.
    button.classList.remove('Mui-disabled');
    button.tabIndex = 0;
  }
  const replay = () => {
    for (const h of held.splice(0)) {
      if (h.kind === 'click') {
        // When the app rendered anew instead of hydrating, the element is gone.
        if (h.element.isConnected) h.element.click();
      } else {
        // requestSubmit, not a click on the button: the app may have disabled
        // it (invalid fields), and then its submit handler says why.
        const form = h.form.isConnected ? h.form : forms()[h.index];
        form?.requestSubmit();
      }
    }
  };
  return () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('submit', onSubmit, true);
    // Not at once: the app is told it started from its first commit's
    // effects, and the render the login page asks for there (taking over
    // the typed values) comes right after, in the same task.
    setTimeout(replay, 0);
  };
}
