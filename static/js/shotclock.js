// Shot clock for a called clock (house rule 26): the edition's seconds, then a
// final countdown. Counts from a start timestamp so a busy phone never drifts.
(function () {
  "use strict";

  function setup(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    var total = Number(root.dataset.seconds) + Number(root.dataset.countdown);
    var countdown = Number(root.dataset.countdown);
    var output = root.querySelector(".rb-shot-time");
    var status = root.querySelector(".rb-shot-status");
    var start = root.querySelector("[data-shot=start]");
    var pause = root.querySelector("[data-shot=pause]");
    var left = total;       // seconds left when last paused
    var startedAt = null;   // performance.now() at the last start
    var timer = null;

    function remaining() {
      if (startedAt === null) return left;
      return Math.max(0, left - (performance.now() - startedAt) / 1000);
    }

    function draw() {
      var seconds = remaining();
      output.textContent = String(Math.ceil(seconds));
      root.classList.toggle("is-final", seconds > 0 && seconds <= countdown);
      root.classList.toggle("is-over", seconds <= 0);
      if (seconds <= 0) {
        status.textContent = root.dataset.labelTime;
        stop();
      } else if (seconds <= countdown) {
        status.textContent = root.dataset.labelFinal;
      } else {
        status.textContent = "";
      }
    }

    function stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      if (startedAt !== null) left = remaining();
      startedAt = null;
      start.hidden = false;
      pause.hidden = true;
    }

    start.addEventListener("click", function () {
      if (left <= 0) left = total;
      startedAt = performance.now();
      timer = setInterval(draw, 100);
      start.hidden = true;
      pause.hidden = false;
      draw();
    });
    pause.addEventListener("click", function () { stop(); draw(); });
    root.querySelector("[data-shot=reset]").addEventListener("click", function () {
      stop();
      left = total;
      draw();
    });
    draw();
  }

  function setupAll() {
    document.querySelectorAll(".rb-shotclock").forEach(setup);
  }
  document.addEventListener("DOMContentLoaded", setupAll);
  document.addEventListener("htmx:afterSettle", setupAll);
})();
