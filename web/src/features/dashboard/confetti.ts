/**
 * The confetti of the end of onboarding (canvas-confetti, loaded on demand).
 * It draws on a canvas of its own, hidden from assistive technologies, that
 * is removed once the animation is over (or cancelled) so nothing is left in
 * the page (axe's "region" rule). No worker: the page's CSP allows none.
 */
export function launchConfetti(doc: Document = document): () => void {
  let cancelled = false;
  let cleanup: () => void = () => undefined;

  void import('canvas-confetti').then(async ({ default: confetti }) => {
    if (cancelled) return;
    const canvas = doc.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.testid = 'confetti';
    Object.assign(canvas.style, { position: 'fixed', inset: '0', width: '100%', height: '100%', pointerEvents: 'none', zIndex: '1400' });
    doc.body.appendChild(canvas);
    const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
    cleanup = () => {
      fire.reset();
      canvas.remove();
    };
    const colors = ['#7b2d4b', '#f4e3c1', '#c9a227', '#ffffff', '#d97a9b'];
    await Promise.all([
      fire({ particleCount: 90, spread: 70, origin: { x: 0.2, y: 0.6 }, colors }),
      fire({ particleCount: 90, spread: 70, origin: { x: 0.8, y: 0.6 }, colors }),
      fire({ particleCount: 60, spread: 100, startVelocity: 35, origin: { x: 0.5, y: 0.4 }, colors }),
    ]);
    cleanup();
  });

  return () => {
    cancelled = true;
    cleanup();
  };
}
