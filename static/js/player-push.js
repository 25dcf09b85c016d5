// A player's page: ask this phone for Web Push and hand the subscription to the site.
(function () {
  const box = document.querySelector("[data-push]");
  if (!box) return;
  const button = box.querySelector("button");
  const status = box.querySelector("[data-push-status]");
  const say = (text) => { status.textContent = text; };
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say(box.dataset.unsupported);
    button.hidden = true;
    return;
  }
  const key = box.dataset.key;
  const toBytes = (b64) => {
    const raw = atob((b64 + "=".repeat((4 - (b64.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  };
  const registered = navigator.serviceWorker.register(box.dataset.worker, { scope: box.dataset.scope });
  async function send(subscription) {
    const body = Object.assign(subscription.toJSON(), { language: document.documentElement.lang });
    const response = await fetch(box.dataset.url, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const answer = await response.json();
    say(answer.message || answer.error || "");
    if (response.ok) box.dataset.on = "1";
  }
  registered.then(async (registration) => {
    const existing = await registration.pushManager.getSubscription();
    if (existing && Notification.permission === "granted") {
      box.dataset.on = "1";
      say(box.dataset.onText);
    }
  }).catch(() => {});
  button.addEventListener("click", async () => {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") { say(box.dataset.denied); return; }
      const registration = await registered;
      const subscription = (await registration.pushManager.getSubscription())
        || (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(key) }));
      await send(subscription);
    } catch (error) {
      say(box.dataset.failed);
    }
  });
})();
