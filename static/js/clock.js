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
  // A poll after a drop corrects the offset a little at a time (catch up without a jump).
  let targetOffset = offset;
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
    // Time to the next break; during a break, to the break after it.
    let toBreak = null;
    let until = secondsLeft;
    for (let j = index + 1; j < levels.length; j++) {
      if (levels[j].brk) { toBreak = until; break; }
      until += levels[j].d;
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
  // Which sounds play and how loud are this screen's choices, kept in localStorage.
  let audio = null;
  let soundOn = localStorage.getItem("floorman-sound") !== "off";
  const soundChoice = (name) => localStorage.getItem("floorman-sound-" + name) !== "off";
  let volume = Number(localStorage.getItem("floorman-volume") || 70) / 100;
  root.querySelectorAll("[data-sound-option]").forEach((box) => {
    box.checked = soundChoice(box.dataset.soundOption);
    box.addEventListener("change", () => {
      localStorage.setItem("floorman-sound-" + box.dataset.soundOption, box.checked ? "on" : "off");
    });
  });
  const slider = root.querySelector("[data-sound-volume]");
  if (slider) {
    slider.value = String(Math.round(volume * 100));
    slider.addEventListener("input", () => {
      volume = Number(slider.value) / 100;
      localStorage.setItem("floorman-volume", slider.value);
    });
  }
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

  const tester = root.querySelector("[data-sound-test]");
  if (tester) tester.addEventListener("click", () => { unlockAudio(); beep(2, 880, true); });

  function beep(times, frequency, always) {
    if (!audio || (!soundOn && !always) || volume <= 0) return;
    const peak = Math.max(0.0002, 0.6 * volume);
    for (let i = 0; i < times; i++) {
      const t = audio.currentTime + i * 0.35;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(peak, t + 0.02);
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

  function wallClock(serverNow) {
    return new Date(serverNow * 1000).toLocaleTimeString(document.documentElement.lang || undefined,
      { hour: "2-digit", minute: "2-digit" });
  }

  function render() {
    offset += Math.max(-0.05, Math.min(0.05, targetOffset - offset));
    loadState();
    if (!snapshot || !snapshot.levels.length) return;
    const serverNow = Date.now() / 1000 + offset;
    setText("wall", wallClock(serverNow));
    const levels = snapshot.levels;
    const finished = snapshot.status === "finished";
    root.classList.toggle("is-finished", finished);
    // The tournament's status in the page header (the console) follows the clock's polls.
    const statusText = label("status-" + snapshot.status);
    document.querySelectorAll("[data-tournament-status]").forEach((el) => {
      if (statusText !== "status-" + snapshot.status && el.textContent !== statusText) el.textContent = statusText;
    });
    if (finished) {
      // Every countdown stops: the level block reads "Finished".
      setText("level-name", label("finished"));
      ["blinds", "ante", "countdown", "next", "status"].forEach((name) => setText(name, ""));
      setText("to-break", "–");
      setText("late-reg", "–");
      field("progress").forEach((el) => { el.style.transform = "scaleX(1)"; });
      field("colour-up").forEach((el) => { el.hidden = true; });
      root.classList.remove("is-paused", "is-break", "last-minute");
      return;
    }
    const elapsed = elapsedNow();
    const r = clockAt(levels, elapsed);
    const level = levels[r.index];
    const next = r.next !== null ? levels[r.next] : null;
    setText("level-name", levelText(level));
    // At a break, the big line shows the blinds to come (no "Break / Break").
    const upcoming = level.brk ? levels.slice(r.index + 1).find((l) => !l.brk) : null;
    setText("blinds", level.brk ? (upcoming ? blindsText(upcoming) : "") : blindsText(level));
    setText("ante", level.brk ? (upcoming ? label("next-level") + ": " + levelText(upcoming) + (anteText(upcoming) ? " · " + anteText(upcoming) : "") : "") : anteText(level));
    setText("countdown", formatTime(r.secondsLeft));
    const progress = level.d ? Math.min(1, Math.max(0, 1 - r.secondsLeft / level.d)) : 0;
    field("progress").forEach((el) => { el.style.transform = "scaleX(" + progress.toFixed(4) + ")"; });
    setText("next", level.brk || !next ? "" : label("next") + ": " + (next.brk ? label("break") : blindsText(next) + (next.ante ? " · " + number(next.ante) : "")));
    setText("to-break", r.toBreak === null ? "–" : formatTime(r.toBreak));
    let status = "";
    if (!snapshot.started) status = label("not-started");
    else if (!snapshot.running) status = label("paused");
    setText("status", status);
    root.classList.toggle("is-paused", snapshot.started && !snapshot.running);
    root.classList.toggle("is-break", level.brk);
    root.classList.toggle("last-minute", snapshot.running && r.secondsLeft <= 60 && !level.brk);

    if (snapshot.late_close !== null && snapshot.late_close !== undefined) {
      const left = snapshot.late_close - elapsed;
      setText("late-reg", left > 0 ? formatTime(left) : label("closed"));
    }
    if (snapshot.scheduled_start && !snapshot.started) {
      const left = snapshot.scheduled_start - serverNow;
      setText("starts-in", left > 0 ? formatTime(left) : label("starting"));
    }
    if (snapshot.announcement_until) {
      setText("announce-left", formatTime(Math.max(0, snapshot.announcement_until - serverNow)));
    }

    // Colour-up: at a break that removes chips, or announced during the level before it.
    const colourUp = field("colour-up");
    let notice = "";
    if (level.brk && level.cu && level.cu.length) notice = label("colour-up") + " " + level.cu.map(number).join(", ");
    else if (next && next.brk && next.cu && next.cu.length) notice = label("colour-up-next") + " " + next.cu.map(number).join(", ");
    colourUp.forEach((el) => { el.textContent = notice; el.hidden = !notice; });

    // Sounds, each as this screen chose: level change, one minute left, end of break.
    if (snapshot.running) {
      if (lastLevelIndex !== null && r.index !== lastLevelIndex) {
        const breakEnded = levels[lastLevelIndex] && levels[lastLevelIndex].brk;
        if (breakEnded && soundChoice("break-end")) beep(4, 990);
        else if (!breakEnded && soundChoice("level")) beep(3, 880);
      }
      if (r.secondsLeft <= 60 && r.secondsLeft > 59 && !warned) {
        if (soundChoice("minute")) beep(1, 660);
        warned = true;
      }
      if (r.secondsLeft > 61) warned = false;
    }
    lastLevelIndex = r.index;

    // Out of sight nothing polls: count from when the page was seen again.
    const stale = Date.now() - Math.max(lastSync, visibleSince) > 10000;
    field("offline").forEach((el) => { el.hidden = !stale; el.textContent = stale ? label("offline") : ""; });
  }

  // --- polling -------------------------------------------------------------------
  // Each screen polls #clock-state at its own interval (data-poll-ms: TVs and the
  // console every second, players' phones every 1.5 s; see CLOCK_PHONE_POLL_MS).
  // The browser revalidates with the partial's ETag: an unchanged poll is a 304
  // with no body, and still brings the server's time. A page out of sight (a
  // phone in a pocket) does not poll at all, and polls at once when seen again.
  const pollMs = Math.max(250, Number(root.dataset.pollMs) || 1000);
  let visibleSince = Date.now();
  function poll() {
    const el = document.getElementById("clock-state");
    if (el && !document.hidden && window.htmx) window.htmx.trigger(el, "clock-poll");
  }
  setInterval(poll, pollMs);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    visibleSince = Date.now();
    poll();
  });

  // --- sync with the server's time at every request -------------------------------
  document.body.addEventListener("htmx:beforeRequest", () => { requestStarted = Date.now(); });
  document.body.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || !event.detail.successful && xhr.status === 0) return;
    const server = Number(xhr.getResponseHeader("X-Server-Time"));
    if (server) {
      const now = Date.now();
      const sent = requestStarted || now;
      targetOffset = (server - (sent + now) / 2) / 1000;
      if (Math.abs(targetOffset - offset) > 2) offset = targetOffset;  // a device clock reset
      lastSync = now;
    }
  });

  // A swapped-in partial carries placeholders for the figures computed here:
  // fill them at once, not at the next tick, so nothing blinks at each poll.
  // The TV shows what fits above its bottom edge: each bottom section (payouts,
  // chip leaders, moves) keeps its first rows that fit, the moves count the rest
  // ("+N more"), and a section whose title does not fit is not shown.
  function fitMoves() {
    if (!root.classList.contains("tv-clock")) return;  // other screens scroll
    root.querySelectorAll(".columns > section").forEach((section) => {
      const container = section.closest(".columns");
      const limit = Math.min(container.getBoundingClientRect().bottom, window.innerHeight) + 1;
      const items = [...section.querySelectorAll("li")];
      const more = section.querySelector("[data-clock=moves-more]");
      const count = Number(section.dataset.movesMore || 0);
      section.style.visibility = "";
      items.forEach((li) => { li.hidden = false; });
      if (more) {
        more.hidden = !count;
        more.textContent = label("more").replace("{n}", String(count));
      }
      const heading = section.querySelector("h3");
      if (heading && heading.getBoundingClientRect().bottom > limit) {
        section.style.visibility = "hidden";
        return;
      }
      // In a list of two columns the last row shown need not be the lowest: every
      // row shown must end above the limit. Keep the longest head of the list that
      // fits, found by halving (a few layouts, not one per row of a 450-place table).
      const show = (shown) => {
        items.forEach((li, i) => { li.hidden = i >= shown; });
        const hidden = items.length - shown;
        if (more) {
          more.textContent = label("more").replace("{n}", String(count + hidden));
          more.hidden = !(count + hidden);
        }
        const bottoms = items.slice(0, shown).map((li) => li.getBoundingClientRect().bottom);
        if (more && !more.hidden) bottoms.push(more.getBoundingClientRect().bottom);
        return Math.max(0, ...bottoms) <= limit;
      };
      let fits = show(items.length);
      if (!fits) {
        let low = 0;
        let high = items.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (show(middle)) low = middle; else high = middle - 1;
        }
        fits = show(low);
      }
      if (!fits) section.style.visibility = "hidden";
    });
  }

  // The TV fits its screen: the level block (and the banners above it) shrink, by
  // --fit down to half their size, until the bottom sections have room for what
  // they hold (up to 30% of the screen, 42% on its side) and nothing runs off the bottom.
  const FIT_STEPS = [1, .92, .85, .78, .72, .66, .6, .55, .5];
  function fitScreen() {
    if (!root.classList.contains("tv-clock")) return;
    const html = document.documentElement;
    const columns = root.querySelector(".columns");
    root.querySelectorAll(".columns li[hidden], .columns > section[hidden]").forEach((el) => { el.hidden = false; });
    const fits = () => {
      if (root.scrollHeight > root.clientHeight + 1) return false;
      if (!columns || !columns.getClientRects().length) return true;
      // A screen on its side has the height to show more of them.
      const share = html.classList.contains("layout-portrait") ? .42 : .3;
      const wanted = Math.min(columns.scrollHeight, window.innerHeight * share);
      return columns.clientHeight + 1 >= wanted;
    };
    for (const step of FIT_STEPS) {
      html.style.setProperty("--fit", String(step));
      if (fits()) break;
    }
    fitMoves();
  }

  // What changes the level block's height (a line shown or emptied, a banner).
  let shape = "";
  function refitOnNewShape() {
    const now = ["level-name", "blinds", "ante", "next", "colour-up", "status", "offline"]
      .map((name) => [...field(name)].map((el) => (el.hidden ? "" : el.textContent.length)).join()).join("|");
    if (now !== shape) {
      shape = now;
      fitScreen();
    }
  }

  function refresh() { render(); shape = ""; refitOnNewShape(); }
  document.body.addEventListener("htmx:afterSwap", refresh);
  document.body.addEventListener("htmx:oobAfterSwap", refresh);
  window.addEventListener("resize", fitScreen);

  render();
  refitOnNewShape();
  setInterval(() => { render(); refitOnNewShape(); }, 200);
})();
