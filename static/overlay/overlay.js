// Example overlay: polls the clock resource, counts down locally from its anchor.
(function () {
  "use strict";
  const params = new URLSearchParams(location.search);
  const id = params.get("t");
  const base = (params.get("api") || "").replace(/\/$/, "");
  const box = document.getElementById("overlay");
  const error = document.getElementById("error");
  let clock = null;
  let offsetMs = 0; // server time minus local time
  let etag = null;

  function field(name, text) {
    box.querySelector(`[data-field="${name}"]`).textContent = text;
  }

  function elapsedNow() {
    if (!clock.running || clock.anchor_at === null) return clock.elapsed_at_anchor;
    const now = (Date.now() + offsetMs) / 1000;
    return clock.elapsed_at_anchor + Math.max(0, now - clock.anchor_at);
  }

  function render() {
    if (!clock || !clock.levels.length) return;
    const elapsed = elapsedNow();
    let level = clock.levels[clock.levels.length - 1];
    for (const candidate of clock.levels) {
      if (elapsed < candidate.starts_at_elapsed + candidate.duration) { level = candidate; break; }
    }
    const left = Math.max(0, Math.ceil(level.starts_at_elapsed + level.duration - elapsed));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    field("level", level.is_break ? "Break" : String(level.number));
    field("blinds", level.is_break ? "–" :
      `${level.small_blind.toLocaleString()}/${level.big_blind.toLocaleString()}` +
      (level.ante ? ` (${level.ante.toLocaleString()})` : ""));
    field("time", `${minutes}:${seconds}`);
    field("players", `${clock.players_left}/${clock.entries}`);
    field("average", clock.average_stack.toLocaleString());
    box.classList.toggle("paused", !clock.running);
  }

  async function poll() {
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch(`${base}/api/v1/tournaments/${id}/clock/`, { headers });
      const serverTime = Number(response.headers.get("X-Server-Time"));
      if (serverTime) offsetMs = serverTime - Date.now();
      if (response.status === 200) {
        etag = response.headers.get("ETag");
        clock = await response.json();
        const info = await fetch(`${base}/api/v1/tournaments/${id}/`).then((r) => r.json());
        field("name", info.name);
        box.hidden = false;
        error.hidden = true;
      } else if (response.status !== 304) {
        throw new Error(`HTTP ${response.status}`);
      }
    } catch (problem) {
      error.textContent = `Cannot read the clock: ${problem.message}`;
      error.hidden = false;
    }
  }

  if (!id) {
    error.textContent = "Open this page with ?t=<tournament id>.";
    error.hidden = false;
    return;
  }
  poll();
  setInterval(poll, 5000);
  setInterval(render, 250);
})();
