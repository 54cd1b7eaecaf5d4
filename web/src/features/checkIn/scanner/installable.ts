import { useEffect } from 'react';

/** Scoped to the scanning pages only: the rest of the app never runs under this service worker. */
export const SCANNER_SW_SCOPE = '/check-in/';

/**
 * Makes the scanning page installable to the home screen and able to reopen offline: the list's web app
 * manifest (served by the server from web/public/check-in.webmanifest, with the list's own start URL, so the
 * installed app opens the list it was installed from) and a service worker scoped to `/check-in/`
 * (web/public/check-in-sw.js). The page's own files are put in the worker's cache at once, since they were
 * loaded before the worker controlled the page.
 */
export function useInstallableScanner(listShortId: string): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const added = !link;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      document.head.appendChild(link);
    }
    link.href = `/check-in/${encodeURIComponent(listShortId)}/app.webmanifest`;
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker
        .register('/check-in-sw.js', { scope: SCANNER_SW_SCOPE })
        .then(() => cacheLoadedFiles())
        .catch(() => {
          // Without a service worker the page still works online and offline until it is reloaded.
        });
    }
    return () => {
      if (added) link?.remove();
    };
  }, [listShortId]);
}

/** Keep in step with CACHE in web/public/check-in-sw.js. */
const CACHE = 'check-in-shell-v1';

async function cacheLoadedFiles(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
    .filter((url) => !url.pathname.startsWith('/socket.io/'))
    .map((url) => url.pathname);
  const cache = await caches.open(CACHE);
  await cache.addAll([...new Set([location.pathname, ...files])]);
}
