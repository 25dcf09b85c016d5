// Staff screens stay current: poll the tournament's version (one cache read on
// the server); when it changes, fetch the screen again and replace only the
// parts ([data-live-part]) that differ. A part holding the field the user is
// typing in waits for the next change; what the user's own action just
// swapped in is never overwritten by an older answer.
(function () {
  "use strict";
  const root = document.querySelector("[data-live]");
  if (!root) return;
  const versionUrl = root.dataset.live;
  const every = Number(root.dataset.liveMs) || 1000;
  let version = root.dataset.liveVersion;
  let busy = false;
  let epoch = 0; // bumped by every htmx request the user makes on this screen

  function partsOf(el) {
    return Array.from(el.querySelectorAll("[data-live-part]")).filter(
      (part) => part.parentElement.closest("[data-live-part], [data-live]") === el,
    );
  }

  function keys(parts) {
    return parts.map((part) => part.dataset.livePart).join("\n");
  }

  // A copy without what differs on every render (the masked CSRF token);
  // with `hollow`, its inner parts emptied: what it shows besides them.
  function comparable(el, hollow) {
    const copy = el.cloneNode(true);
    copy.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((input) => input.remove());
    if (hollow) partsOf(copy).forEach((part) => part.replaceChildren());
    return copy;
  }

  function editing(el) {
    const active = document.activeElement;
    return Boolean(active && el.contains(active)
      && active.matches("input:not([type=hidden]), select, textarea"));
  }

  // Returns false when a changed part was left alone because it is being edited.
  function sync(oldEl, newEl) {
    if (comparable(oldEl, false).isEqualNode(comparable(newEl, false))) return true;
    const olds = partsOf(oldEl);
    const news = partsOf(newEl);
    if (olds.length && keys(olds) === keys(news)
        && comparable(oldEl, true).isEqualNode(comparable(newEl, true))) {
      return olds.map((part, i) => sync(part, news[i])).every(Boolean);
    }
    if (editing(oldEl)) return false;
    const fresh = document.importNode(newEl, true);
    oldEl.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    return true;
  }

  function apply(fresh) {
    const byKey = new Map(partsOf(fresh).map((part) => [part.dataset.livePart, part]));
    let complete = true;
    for (const part of partsOf(root)) {
      const next = byKey.get(part.dataset.livePart);
      if (next) complete = sync(part, next) && complete;
    }
    return complete;
  }

  // The screen's own address; the address bar when it is the same screen
  // (a search or a page the user moved to since it was drawn).
  function screenAddress() {
    const page = new URL(root.dataset.livePage || window.location.href, window.location.href);
    return page.pathname === window.location.pathname ? window.location.href : page.href;
  }

  async function refresh(seen) {
    const started = epoch;
    const address = screenAddress();
    // Out of date when the user acted meanwhile, or the address moved (a
    // search answered while this was on its way): the next poll tries again.
    const current = () => started === epoch && screenAddress() === address;
    const response = await fetch(address, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok || !current()) return;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = doc.querySelector("[data-live]");
    if (!fresh || !current()) return;
    // `seen` was read before this screen was fetched, so what it shows is at
    // least that new. The page's own number may be newer than what it shows
    // (read after its rows, as a write committed): trusting it could keep
    // an older screen for good.
    if (apply(fresh)) version = seen;
  }

  async function poll() {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(versionUrl, { cache: "no-store" });
      if (response.ok) {
        const seen = String((await response.json()).version);
        if (seen !== version) await refresh(seen);
      }
    } catch (error) {
      // Offline for a moment: the next poll tries again.
    } finally {
      busy = false;
    }
  }

  // A request of the user's (any POST; a GET that swaps a part, like a
  // search) makes an answer already on its way out of date. Polls that swap
  // no part (the clock's) do not.
  function touchesParts(target) {
    return Boolean(target && target.closest
      && (target.closest("[data-live-part]") || target.querySelector("[data-live-part]")));
  }
  function usersOwn(event) {
    const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    return Boolean((verb && verb !== "get") || touchesParts(event.detail.target));
  }
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    if (usersOwn(event)) epoch += 1;
  });
  // Its answer is in: a refresh landing between it and the swap's settling
  // (read before the user's write committed) must not undo it.
  document.body.addEventListener("htmx:afterRequest", (event) => {
    if (usersOwn(event)) epoch += 1;
  });
  document.body.addEventListener("htmx:afterSettle", (event) => {
    // An outerHTML swap reports the element it replaced, detached by now.
    if (touchesParts(event.detail.target)) epoch += 1;
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) poll();
  });
  window.setInterval(poll, every);
})();
