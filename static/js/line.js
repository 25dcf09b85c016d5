// The alternate line's countdowns: the time a called player has left to pay, counted in
// the browser from the deadline the server gave (corrected by the server's clock). On the
// desk, a countdown that reaches zero asks the desk once more, so that the call is passed
// over and the next called without anybody clicking (the server decides, not this script).
(function () {
  "use strict";
  const asked = new Set();
  function offsetOf(el) {
    const holder = el.closest("[data-server-now]");
    if (!holder) return 0;
    if (!holder.dataset.offset) {
      holder.dataset.offset = String(Number(holder.dataset.serverNow) - Date.now());
    }
    return Number(holder.dataset.offset);
  }
  function tick() {
    document.querySelectorAll("[data-countdown]").forEach((el) => {
      const left = Math.max(0, Math.round((Number(el.dataset.deadline) - (Date.now() + offsetOf(el))) / 1000));
      const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", left < 60);
      const due = el.dataset.dueUrl;
      if (left === 0 && due && !asked.has(el.dataset.deadline + due)) {
        asked.add(el.dataset.deadline + due);
        fetch(due, { headers: { "HX-Request": "true" }, credentials: "same-origin" }).catch(() => {});
      }
    });
  }
  tick();
  setInterval(tick, 1000);
})();
