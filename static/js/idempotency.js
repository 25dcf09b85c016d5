// Every write a page sends carries a key the page made, so the server does it
// once however often the Wi-Fi makes it arrive (tournament/config/idempotency.py).
//
// htmx requests get the Idempotency-Key header; plain forms an idempotency_key
// field. A form keeps its key until an answer comes back: tapping it again
// after a lost answer sends the same key, and gets the first answer.
(function () {
  "use strict";

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  // randomUUID needs https; the venue server may be plain http
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function keyOf(elt) {
    if (!elt.dataset.idempotencyKey) elt.dataset.idempotencyKey = newKey();
    return elt.dataset.idempotencyKey;
  }

  document.addEventListener("htmx:configRequest", (event) => {
    const detail = event.detail;
    if (detail.verb === "get" || detail.headers["Idempotency-Key"]) return;
    detail.headers["Idempotency-Key"] = keyOf(detail.elt);
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail.xhr;
    const again = xhr && xhr.status === 409 && xhr.getResponseHeader("Retry-After");
    if (xhr && xhr.status && !again) delete event.detail.elt.dataset.idempotencyKey;
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || (form.getAttribute("method") || "").toLowerCase() !== "post") return;
    let field = form.querySelector("input[name=idempotency_key]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "idempotency_key";
      field.value = newKey();
      form.appendChild(field);
    }
  });
})();
