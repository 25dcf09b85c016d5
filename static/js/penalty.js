// Running penalty timers (house rule 65): one per player, kept on this device
// so a page reload or a new calculation does not lose them.
(function () {
  "use strict";
  var KEY = "floorman.penalties";

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  function save(timers) {
    try { localStorage.setItem(KEY, JSON.stringify(timers)); } catch (e) { /* private mode */ }
  }
  function clock(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }

  function render() {
    var list = document.getElementById("penalty-timers");
    if (!list) return;
    var timers = load();
    var now = Date.now();
    list.replaceChildren();
    timers.forEach(function (t) {
      var left = (t.endsAt - now) / 1000;
      var done = left <= 0 || t.hands <= 0;
      var item = document.createElement("li");
      item.className = "rb-timer" + (done ? " is-done" : "");
      item.dataset.id = t.id;
      var name = document.createElement("strong");
      name.textContent = t.player;
      var time = document.createElement("span");
      time.className = "rb-timer-time";
      time.textContent = done ? list.dataset.labelDone : clock(left);
      var hands = document.createElement("span");
      hands.textContent = t.hands + " " + list.dataset.labelHands;
      var minus = document.createElement("button");
      minus.type = "button";
      minus.dataset.action = "hand";
      minus.textContent = list.dataset.labelHand;
      minus.disabled = t.hands <= 0;
      var remove = document.createElement("button");
      remove.type = "button";
      remove.dataset.action = "remove";
      remove.textContent = list.dataset.labelRemove;
      item.append(name, time, hands, minus, remove);
      list.append(item);
    });
  }

  document.addEventListener("click", function (event) {
    var startButton = event.target.closest("[data-penalty-start]");
    if (startButton) {
      var timers = load();
      timers.push({
        id: String(Date.now()) + Math.random().toString(16).slice(2, 6),
        player: startButton.dataset.player,
        hands: Number(startButton.dataset.hands),
        endsAt: Date.now() + Number(startButton.dataset.seconds) * 1000,
      });
      save(timers);
      render();
      return;
    }
    var button = event.target.closest(".rb-timer button");
    if (!button) return;
    var id = button.closest(".rb-timer").dataset.id;
    var kept = load().filter(function (t) {
      if (t.id !== id) return true;
      if (button.dataset.action === "hand") { t.hands = Math.max(0, t.hands - 1); return true; }
      return false;
    });
    save(kept);
    render();
  });

  document.addEventListener("DOMContentLoaded", function () {
    render();
    setInterval(render, 1000);
  });
})();
