// Polled parts of a page (a player's seat, the seating chart) keep what they
// last showed through a Wi-Fi drop, with the time it was true: after a few
// seconds without an answer a discreet "reconnecting" line says so, and goes
// when the next poll answers. (The clocks have their own: clock.js.)
(function () {
  "use strict";

  const text = document.currentScript.dataset;
  const lastAnswer = {};
  const pageLoaded = Date.now();
  const polled = (elt) => elt.id && /\bevery\b/.test(elt.getAttribute("hx-trigger") || "");
  const clockTime = (at) => new Date(at).toLocaleTimeString(document.documentElement.lang || undefined,
    {hour: "2-digit", minute: "2-digit"});

  function mark(elt) {
    let line = document.querySelector(`[data-reconnecting-for="${elt.id}"]`);
    if (!line) {
      line = document.createElement("p");
      line.className = "muted reconnecting";
      line.dataset.reconnectingFor = elt.id;
      line.setAttribute("role", "status");
      line.hidden = true;
      elt.after(line);
    }
    return line;
  }

  // Before the swap: an outerHTML swap detaches the element, whose later events reach no one.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const elt = event.detail.elt;
    if (!polled(elt)) return;
    lastAnswer[elt.id] = Date.now();
    mark(elt).hidden = true;
  });

  for (const name of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(name, (event) => {
      const elt = event.detail.elt;
      if (!polled(elt)) return;
      const since = lastAnswer[elt.id] || pageLoaded;
      if (Date.now() - since < 3000) return;
      const line = mark(elt);
      line.textContent = text.reconnecting.replace("{time}", clockTime(since));
      line.hidden = false;
    });
  }
})();
