// The tournament clock on every screen (DESIGN §6).
//
// The server sends an anchor (running, anchor time, structure seconds played at
// the anchor) and the levels. This script computes the level and the time left
// from them on every frame: nothing is decremented, so hours of running cannot
// drift, and a level flips at zero without waiting for the server. Every poll of
// #clock-state (htmx) brings a fresh anchor and the server's time, which corrects
// this device's clock.
(function () {
  "use strict";

  const root = document.querySelector("[data-clock-root]");
  if (!root) return;
  const label = (name) => root.dataset["l" + name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())] || name;
  const field = (name) => root.querySelectorAll('[data-clock="' + name + '"]');

  let snapshot = null;
  let stateElement = null;
  // Server time minus this device's time, in seconds; refined at every poll.
  let offset = root.dataset.serverNow ? Number(root.dataset.serverNow) / 1000 - Date.now() / 1000 : 0;
  let lastSync = Date.now();
  let requestStarted = 0;
  let lastLevelIndex = null;
  let warned = false;

  // --- arithmetic, the same as tournament.domain.clock.clock_at ---------------
  function clockAt(levels, elapsed) {
    let start = 0;
    let index = levels.length - 1;
    let found = false;
    for (let i = 0; i < levels.length; i++) {
      const end = start + levels[i].d;
      if (elapsed < end) { index = i; found = true; break; }
      start = end;
    }
    if (!found) start -= levels[levels.length - 1].d;
    const secondsLeft = Math.max(0, start + levels[index].d - elapsed);
    let toBreak = null;
    if (levels[index].brk) toBreak = 0;
    else {
      let until = secondsLeft;
      for (let j = index + 1; j < levels.length; j++) {
        if (levels[j].brk) { toBreak = until; break; }
        until += levels[j].d;
      }
    }
    return { index, secondsLeft, start, toBreak, next: index + 1 < levels.length ? index + 1 : null };
  }

  function elapsedNow() {
    let elapsed = snapshot.elapsed;
    if (snapshot.running && snapshot.anchor !== null) {
      elapsed += Math.max(0, Date.now() / 1000 + offset - snapshot.anchor);
    }
    return elapsed;
  }

  function formatTime(seconds) {
    seconds = Math.max(0, Math.ceil(seconds - 0.001));
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  const number = (n) => Number(n).toLocaleString(document.documentElement.lang || undefined);

  function levelText(level) {
    return level.brk ? label("break") : label("level") + " " + level.n;
  }
  function blindsText(level) {
    return level.brk ? label("break") : number(level.sb) + " / " + number(level.bb);
  }
  function anteText(level) {
    if (level.brk || !level.ante) return "";
    return (level.at === "bba" ? label("bba") : label("ante")) + " " + number(level.ante);
  }

  function setText(name, text) {
    field(name).forEach((el) => { if (el.textContent !== text) el.textContent = text; });
  }

  // --- sound: Web Audio beeps; browsers allow sound only after a first click ---
  let audio = null;
  let soundOn = localStorage.getItem("floorman-sound") !== "off";
  const toggle = root.querySelector("[data-sound-toggle]");
  function updateToggle() {
    if (!toggle) return;
    toggle.textContent = !audio ? toggle.dataset.enable : soundOn ? toggle.dataset.on : toggle.dataset.off;
    toggle.setAttribute("aria-pressed", String(Boolean(audio) && soundOn));
  }
  function unlockAudio() {
    if (audio) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (Context) audio = new Context();
    updateToggle();
  }
  if (toggle) {
    toggle.addEventListener("click", () => {
      if (!audio) { unlockAudio(); soundOn = true; }
      else soundOn = !soundOn;
      localStorage.setItem("floorman-sound", soundOn ? "on" : "off");
      updateToggle();
    });
  }
  document.addEventListener("click", unlockAudio, { once: true });
  updateToggle();

  function beep(times, frequency) {
    if (!audio || !soundOn) return;
    for (let i = 0; i < times; i++) {
      const t = audio.currentTime + i * 0.35;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.32);
    }
  }

  // --- rendering ----------------------------------------------------------------
  function loadState() {
    const el = document.getElementById("clock-state");
    if (!el || el === stateElement) return;
    stateElement = el;
    try {
      snapshot = JSON.parse(el.dataset.snapshot);
    } catch (e) {
      return;
    }
  }

  function render() {
    loadState();
    if (!snapshot || !snapshot.levels.length) return;
    const levels = snapshot.levels;
    const elapsed = elapsedNow();
    const r = clockAt(levels, elapsed);
    const level = levels[r.index];
    setText("level-name", levelText(level));
    setText("blinds", blindsText(level));
    setText("ante", anteText(level));
    setText("countdown", formatTime(r.secondsLeft));
    const next = r.next !== null ? levels[r.next] : null;
    setText("next", next ? label("next") + ": " + (next.brk ? label("break") : blindsText(next) + (next.ante ? " · " + number(next.ante) : "")) : "");
    setText("to-break", r.toBreak === null ? "–" : r.toBreak === 0 ? label("break") : formatTime(r.toBreak));
    let status = "";
    if (snapshot.status === "finished") status = label("finished");
    else if (!snapshot.started) status = label("not-started");
    else if (!snapshot.running) status = label("paused");
    setText("status", status);
    root.classList.toggle("is-paused", snapshot.started && !snapshot.running);
    root.classList.toggle("is-break", level.brk);
    root.classList.toggle("last-minute", snapshot.running && r.secondsLeft <= 60 && !level.brk);

    if (snapshot.late_close !== null && snapshot.late_close !== undefined) {
      const left = snapshot.late_close - elapsed;
      setText("late-reg", left > 0 ? formatTime(left) : label("closed"));
    }

    // Colour-up: at a break that removes chips, or announced during the level before it.
    const colourUp = field("colour-up");
    let notice = "";
    if (level.brk && level.cu && level.cu.length) notice = label("colour-up") + " " + level.cu.map(number).join(", ");
    else if (next && next.brk && next.cu && next.cu.length) notice = label("colour-up-next") + " " + next.cu.map(number).join(", ");
    colourUp.forEach((el) => { el.textContent = notice; el.hidden = !notice; });

    // Sounds at a level change and one minute before.
    if (snapshot.running) {
      if (lastLevelIndex !== null && r.index !== lastLevelIndex) beep(3, 880);
      if (r.secondsLeft <= 60 && r.secondsLeft > 59 && !warned) { beep(1, 660); warned = true; }
      if (r.secondsLeft > 61) warned = false;
    }
    lastLevelIndex = r.index;

    const stale = Date.now() - lastSync > 10000;
    field("offline").forEach((el) => { el.hidden = !stale; el.textContent = stale ? label("offline") : ""; });
  }

  // --- sync with the server's time at every request -------------------------------
  document.body.addEventListener("htmx:beforeRequest", () => { requestStarted = Date.now(); });
  document.body.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || !event.detail.successful && xhr.status === 0) return;
    const server = Number(xhr.getResponseHeader("X-Server-Time"));
    if (server) {
      const now = Date.now();
      const sent = requestStarted || now;
      offset = (server - (sent + now) / 2) / 1000;
      lastSync = now;
    }
  });

  // A swapped-in partial carries placeholders for the figures computed here:
  // fill them at once, not at the next tick, so nothing blinks at each poll.
  document.body.addEventListener("htmx:afterSwap", render);
  document.body.addEventListener("htmx:oobAfterSwap", render);

  render();
  setInterval(render, 200);
})();
