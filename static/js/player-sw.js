// The players' service worker: shows a Web Push notice, and opens the player's page on a tap.
const SEAT_KINDS = ["seated", "moved", "breaking", "stay"];
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (_error) {
    message = { title: event.data ? event.data.text() : "" };
  }
  const title = message.title || "Floorman";
  event.waitUntil(self.registration.showNotification(title, {
    body: message.body || "",
    // A later word on the seat replaces the earlier one (a move withdrawn, a move after a seat).
    tag: SEAT_KINDS.includes(message.kind) ? "seat" : (message.kind || "floorman"),
    data: { url: message.url || "/" },
    icon: "/static/icons/icon-192.png",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((windows) => {
    for (const w of windows) {
      if (w.url.endsWith(url) && "focus" in w) return w.focus();
    }
    return self.clients.openWindow(url);
  }));
});
