// The consoles through a Wi-Fi drop: a tap made offline (or whose answer was
// lost) waits on the device, in localStorage so a reload or a locked screen
// keeps it, and is sent again in order when the network is back. Each keeps
// the idempotency key it was first sent with (idempotency.js), so the server
// does it once; each result is shown: done, or refused and why.
// Payments and deals are never queued: they need the cashier to see them done.
(function () {
  "use strict";

  const text = document.currentScript.dataset;
  const STORE = "floorman-offline-queue";
  const ONLINE_ONLY = /\/(cashier|deal|buy)\//;
  const bar = document.createElement("div");
  bar.className = "offline-queue";
  bar.setAttribute("role", "status");
  bar.hidden = true;
  Object.assign(bar.style, {position: "fixed", left: "0.5rem", bottom: "0.5rem", zIndex: 1000,
    maxWidth: "30rem", padding: "0.5rem 0.75rem", borderRadius: "0.4rem",
    background: "#1f2937", color: "#f9fafb", font: "inherit", fontSize: "0.95rem"});
  const state = bar.appendChild(document.createElement("p"));
  const results = bar.appendChild(document.createElement("ul"));
  Object.assign(state.style, {margin: 0, fontWeight: "bold"});
  Object.assign(results.style, {margin: "0.25rem 0 0", paddingLeft: "1.1rem"});
  let flushing = false;

  const load = () => { try { return JSON.parse(localStorage.getItem(STORE)) || []; } catch (e) { return []; } };
  const save = (queue) => localStorage.setItem(STORE, JSON.stringify(queue));

  function show() {
    const waiting = load().length;
    state.textContent = waiting ? (navigator.onLine ? text.sending : text.offline).replace("{n}", waiting) : "";
    state.hidden = !waiting;
    bar.hidden = !waiting && !results.children.length;
  }

  function note(message, refused) {
    const line = results.appendChild(document.createElement("li"));
    line.textContent = message;
    line.dataset.result = refused ? "refused" : "done";
    line.style.color = refused ? "#fca5a5" : "#86efac";
    while (results.children.length > 6) results.firstChild.remove();
    show();
  }

  function labelOf(elt, event) {
    const dialog = elt.closest("[aria-label]");
    const button = event && event.submitter ? event.submitter : elt.querySelector("button") || elt;
    return [dialog && dialog.getAttribute("aria-label"), button.textContent.trim()]
      .filter(Boolean).join(" — ").slice(0, 80);
  }

  function enqueue(config) {
    const queue = load();
    queue.push({url: config.path, body: new URLSearchParams(config.formData).toString(),
      key: config.headers["Idempotency-Key"], target: config.target && config.target.id,
      label: labelOf(config.elt, config.triggeringEvent), at: Date.now()});
    save(queue);
    delete config.elt.dataset.idempotencyKey;  // the queue holds the key now
    show();
  }

  function outcome(status, html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const pick = (selector) => { const found = page.querySelector(selector); return found && found.textContent.trim(); };
    if (status >= 400) return [pick("[role=alert]") || page.body.textContent.trim().slice(0, 200), true];
    return [pick("[data-notice-text]") || pick(".msg.success") || pick("[role=alert]") || text.done,
      Boolean(page.querySelector(".msg.error"))];
  }

  async function flush() {
    if (flushing || !load().length) return;
    flushing = true;
    let last = null;
    try {
      for (let queue = load(); queue.length; queue = load()) {
        const item = queue[0];
        const csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
        let response;
        try {
          response = await fetch(item.url, {method: "POST", body: item.body, credentials: "same-origin",
            headers: {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
              "HX-Target": item.target || "", "X-CSRFToken": csrf, "Idempotency-Key": item.key}});
        } catch (e) { break; }  // still no network: try again later, same key
        if (response.status >= 500 || (response.status === 409 && response.headers.get("Retry-After"))) break;
        const html = await response.text();
        const [message, refused] = outcome(response.status, html);
        save(load().filter((queued) => queued.key !== item.key));
        note(`${item.label ? item.label + ": " : ""}${refused ? text.refused : text.done} ${message}`, refused);
        last = {html, item};
      }
    } finally {
      flushing = false;
      show();
    }
    const target = last && last.item.target && document.getElementById(last.item.target);
    if (target && !/text\/plain/.test(last.html)) htmx.swap(target, last.html, {swapStyle: "outerHTML"});
  }

  document.addEventListener("htmx:configRequest", (event) => {
    const config = event.detail;
    if (config.verb === "get") return;
    if (ONLINE_ONLY.test(config.path) || config.elt.closest("[hx-encoding]")) {
      if (!navigator.onLine) { event.preventDefault(); note(text.needsNetwork, true); }
      return;
    }
    if (!navigator.onLine || load().length) {  // offline, or earlier taps still wait: keep the order
      event.preventDefault();
      enqueue(config);
      flush();
    }
  });

  for (const name of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(name, (event) => {
      const config = event.detail.requestConfig;
      if (!config || config.verb === "get") return;
      if (ONLINE_ONLY.test(config.path) || config.elt.closest("[hx-encoding]")) { note(text.noAnswer, true); return; }
      enqueue(config);
    });
  }

  window.addEventListener("online", flush);
  window.addEventListener("offline", show);
  document.addEventListener("DOMContentLoaded", () => { document.body.appendChild(bar); show(); flush(); });
  setInterval(flush, 3000);
})();
