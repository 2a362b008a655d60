// The service worker (sw.js, at the site's root: its folder is its scope, wherever the site is
// served from): registered once the page is playable, so that its precaching does not compete
// with the page's own loading. A new version, once installed, waits: the player is told
// (`onReady`), and only their choice (`apply`) activates it and reloads the page. The game in
// progress is in the URL hash and in localStorage, so the reload resumes it.

/**
 * @param {() => void} onReady  a new version is installed and waits
 * @returns {{apply: () => void}}
 */
export function watchUpdates(onReady) {
  const sw = navigator.serviceWorker;
  /** @type {ServiceWorker | null} */
  let waiting = null;
  let asked = false;
  if (!sw) return { apply: () => location.reload() };
  // The new worker took over because the player asked: load the new version.
  sw.addEventListener('controllerchange', () => {
    if (asked) location.reload();
  });
  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    // Without a controller this is the first install, not an update.
    if (!worker || !sw.controller) return;
    waiting = worker;
    onReady();
  };
  sw.register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' })
    .then((reg) => {
      offer(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const worker = reg.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed') offer(worker);
        });
      });
    })
    .catch(() => {
      // No service worker (a private window, file:// or a host that refuses it): the page
      // works online as before.
    });
  return {
    apply() {
      asked = true;
      if (waiting) waiting.postMessage({ type: 'skip-waiting' });
      else location.reload();
    },
  };
}
