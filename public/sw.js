// The console's service worker (docs/decisions/0054-web-push.md): shows a Web Push alert of the shop's agenda and,
// on a click, opens that day of the agenda (focusing a console tab already open). It caches nothing: the console
// is live, and a stale copy of it would show a stale agenda.
/* eslint-env serviceworker */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(alert.title || "Navalha", {
      body: alert.body || "",
      tag: alert.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: alert.url || "/painel" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only a page of this site: the path and query of the alert's link, on the worker's own origin.
  const link = new URL(event.notification.data?.url || "/painel", self.location.origin);
  const target = new URL(`${link.pathname}${link.search}`, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      const tab = open.find((c) => new URL(c.url).pathname.startsWith("/painel"));
      if (tab) return tab.navigate(target).then((c) => (c ?? tab).focus());
      return self.clients.openWindow(target);
    }),
  );
});
