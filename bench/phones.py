"""10,000 phones following the clock: can one 2-core server in full mode keep up?

    .venv/bin/python bench/phones.py [--phones 10000] [--duration 10] [--rounds 3]

Full mode as bin/run serves it: a redis-server as the cache, gunicorn with the
same workers and threads, a throwaway SQLite site with a running tournament.
Each phone polls the clock partial every CLOCK_PHONE_POLL_MS (1.5 s: see
tournament/config/settings.py for why not less often) and its browser revalidates with
the ETag it holds, so most polls are 304s. wrk plays the phones as fast as the
server answers: a Lua script cycles through 10,000 phones' tags over its
connections (a proxy's connections, not a phone's), sends If-None-Match with
each phone's tag (and Accept-Encoding: gzip) and keeps the new tag from a 200,
as a browser does. The same
load goes to a bare Django view (bench/bare_app.py: no middleware, no cache,
304 to the same tag) in alternating rounds of the same run.

During each round against the site a change is made through the service in
the bench's site (the clock paused, then resumed in the next round) while a
probe polls with the old tag: how long after the commit the first poll got the
new partial, and how long the last answer of a poll sent after the commit
still said "unchanged" (a process's memory of the partial). A phone then sees
the change within that staleness, plus one interval, plus its poll's latency.
Then busy rounds against the site alone: a change every few seconds (as busts
and registrations make them), after each of which every phone fetches the new
partial once.

Prints the figures: req/s, latency p50/p99, 200s and 304s, the ratio to the
bare view, the rate 10,000 phones need, whether it was met, and the probe.
Asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from tv_poll import PYTHON, REDIS_SERVER, ROOT, WRK, Servers, free_port, gunicorn, wait_http

PHONE_POLL_MS = 1500  # tournament/config/settings.py CLOCK_PHONE_POLL_MS, the default
SETUP_ENTRIES = 500
WRK_THREADS = 2

LUA = r"""
-- Phones' browsers: each holds the partial's ETag, revalidates with it at each
-- poll, and takes the new tag from a 200. A wrk thread plays its share of the
-- phones in turn over its connections, so that after a change every phone (not
-- every connection) fetches the new partial once. Counts what came back.
n200, n304, nother = 0, 0, 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  phones = tonumber(args[2])
  tags = {}
  for i = 1, phones do tags[i] = args[1] end
  turn, asked, head, tail = 0, {}, 1, 0
end

function request()
  turn = turn % phones + 1
  tail = tail + 1
  asked[tail] = turn
  return wrk.format("GET", nil, {["If-None-Match"] = tags[turn],
                                 ["Accept-Encoding"] = "gzip, deflate, br"})
end

function response(status, headers, body)
  local phone = asked[head]
  asked[head] = nil
  head = head + 1
  if status == 304 then
    n304 = n304 + 1
  elseif status == 200 then
    n200 = n200 + 1
    tags[phone] = headers["ETag"] or headers["etag"] or tags[phone]
  else
    nother = nother + 1
  end
end

function done(summary, latency, requests)
  local a, b, c = 0, 0, 0
  for _, thread in ipairs(threads) do
    a = a + thread:get("n200")
    b = b + thread:get("n304")
    c = c + thread:get("nother")
  end
  io.write(string.format("PHONES 200=%d 304=%d other=%d\n", a, b, c))
end
"""


# --- run inside subprocesses with Django configured on the bench's site --------------


def setup_tournament(entries: int) -> dict:
    from tv_poll import setup_tournament as tv_setup

    return tv_setup(entries)


def act(tournament_id: int) -> None:
    """Wait for 'pause' / 'resume' lines; make each change through the service.

    Prints the wall-clock time just after the service returned: committed, and
    its on-commit drop of the cached screens made.
    """
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django

    django.setup()
    from tournament.services.clock import clock_pause, clock_resume
    from tournament.services.tournaments import tournament_announce

    changes = {
        "pause": lambda: clock_pause(tournament_id=tournament_id, actor=None),
        "resume": lambda: clock_resume(tournament_id=tournament_id, actor=None),
        # A change of the figures every screen shows, as a bust makes.
        "announce": lambda: tournament_announce(
            tournament_id=tournament_id, actor=None, text=f"Announcement {time.time():.3f}",
            minutes=None),
    }
    print("ready", flush=True)
    for line in sys.stdin:
        changes[line.strip()]()
        print(json.dumps({"committed": time.time()}), flush=True)


# --- the harness -----------------------------------------------------------------


def wrk_phones(url: str, tag: str, script: Path, args) -> dict:
    out = subprocess.run(
        [WRK, "-t", str(WRK_THREADS), "-c", str(args.connections), "-d", f"{args.duration}s", "--latency",
         "-s", str(script), url, "--", tag, str(args.phones // WRK_THREADS)],
        capture_output=True, text=True, check=True).stdout
    counts = re.search(r"PHONES 200=(\d+) 304=(\d+) other=(\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50": re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1),
            "p99": re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1),
            "200": int(counts.group(1)), "304": int(counts.group(2)),
            "other": int(counts.group(3)),
            "socket_errors": errors.group(1) if errors else "none"}


def get(port: int, path: str, tag: str | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"If-None-Match": tag} if tag else {})
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("ETag", "")
    finally:
        connection.close()


class Changes(threading.Thread):
    """A change every ``every`` seconds while the load runs (as busts make them)."""

    def __init__(self, actor: subprocess.Popen, every: float, duration: float):
        super().__init__(daemon=True)
        self.actor, self.every, self.duration, self.made = actor, every, duration, 0

    def run(self) -> None:
        stop = time.monotonic() + self.duration - 0.5
        while time.monotonic() + self.every < stop:
            time.sleep(self.every)
            self.actor.stdin.write("announce\n")
            self.actor.stdin.flush()
            self.actor.stdout.readline()
            self.made += 1


class Probe(threading.Thread):
    """Polls with the tag held before a change; times when the change shows."""

    def __init__(self, port: int, path: str, actor: subprocess.Popen, change: str, delay: float):
        super().__init__(daemon=True)
        self.port, self.path, self.actor, self.change, self.delay = port, path, actor, change, delay
        self.result: dict = {}

    def run(self) -> None:
        _status, old = get(self.port, self.path)
        time.sleep(self.delay)
        self.actor.stdin.write(f"{self.change}\n")
        self.actor.stdin.flush()
        answers: list[tuple[float, float, int, str]] = []
        committed = None
        seen_new_since = None
        deadline = time.time() + 10
        while time.time() < deadline:
            sent = time.time()
            status, tag = get(self.port, self.path, old)
            answers.append((sent, time.time(), status, tag))
            if committed is None:
                # The actor answers right after its commit; read it without blocking polls.
                committed = self._committed()
            if committed is not None and status == 200 and tag != old:
                seen_new_since = seen_new_since or time.time()
                if time.time() - seen_new_since > 1.5:
                    break
            time.sleep(0.02)
        committed = committed or self._committed(block=True)
        after = [a for a in answers if a[0] >= committed]
        new = [a[1] - committed for a in after if a[2] == 200 and a[3] != old]
        stale = [a[1] - committed for a in after if a[2] == 304]
        self.result = {"change": self.change, "polls": len(after),
                       "first_new": min(new) if new else None,
                       "last_stale": max(stale) if stale else 0.0}

    def _committed(self, block: bool = False) -> float | None:
        import select

        if not block and not select.select([self.actor.stdout], [], [], 0)[0]:
            return None
        return json.loads(self.actor.stdout.readline())["committed"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=10_000)
    parser.add_argument("--poll-ms", type=int, default=PHONE_POLL_MS)
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per server")
    parser.add_argument("--connections", type=int, default=64,
                        help="wrk connections (the proxy's, not the phones')")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_WORKERS", 3)))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("WEB_THREADS", 4)))
    parser.add_argument("--entries", type=int, default=SETUP_ENTRIES)
    parser.add_argument("--change-every", type=float, default=3.0,
                        help="seconds between changes in the busy rounds (0: none)")
    parser.add_argument("--busy-rounds", type=int, default=2)
    parser.add_argument("--probe-rounds", type=int, default=2, choices=(0, 1, 2))
    parser.add_argument("--setup-tournament", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--act", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.setup_tournament is not None:
        print(json.dumps(setup_tournament(args.setup_tournament)))
        return
    if args.act is not None:
        act(args.act)
        return
    if not WRK or not REDIS_SERVER:
        sys.exit("bench/phones.py needs wrk and redis-server (apt-get install wrk redis-server)")

    required = args.phones * 1000 / args.poll_ms
    servers = Servers()
    load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    rounds: dict[str, list[dict]] = {"site": [], "bare": [], "probe": [], "busy": []}
    changes_made = 0
    probes: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="floorman-bench-") as tmp_name:
        tmp = Path(tmp_name)
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
        env |= {"DJANGO_SETTINGS_MODULE": "tournament.config.settings", "FLOORMAN_DATA_DIR": str(tmp),
                "SQLITE_PATH": str(tmp / "floorman.sqlite3"), "SECRET_KEY": "bench",
                "FLOORMAN_PLAIN_STATIC": "1", "LOG_LEVEL": "WARNING",
                "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'bench'}"}
        actor = None
        try:
            redis_port = free_port()
            servers.start([REDIS_SERVER, "--port", str(redis_port), "--bind", "127.0.0.1",
                           "--dir", str(tmp), "--save", "", "--appendonly", "no"],
                          env, tmp / "redis.log")
            env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
            time.sleep(0.5)
            subprocess.run([str(PYTHON), "manage.py", "migrate", "--noinput", "--verbosity", "0"],
                           cwd=ROOT, env=env, check=True)
            made = subprocess.run([str(PYTHON), __file__, "--setup-tournament", str(args.entries)],
                                  cwd=ROOT, env=env, check=True, capture_output=True, text=True)
            tournament_id = json.loads(made.stdout.strip().splitlines()[-1])["id"]
            path = f"/t/{tournament_id}/clock/state/"

            port = free_port()
            log = tmp / "site.log"
            site = gunicorn(servers, "tournament.config.wsgi:application", port, env, log, args, ROOT)
            url = f"http://127.0.0.1:{port}{path}"
            wait_http(url, site, log)
            with urllib.request.urlopen(url) as response:
                body = response.read()
                content_type = response.headers["Content-Type"]
                tag = response.headers["ETag"]
            (tmp / "body.html").write_bytes(body)
            asked = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(asked) as response:
                compressed = len(response.read())
                assert response.headers["Content-Encoding"] == "gzip"
            assert get(port, path, tag)[0] == 304, "the site must answer 304 to its own tag"

            bare_env = env | {"BARE_BODY_FILE": str(tmp / "body.html"),
                              "BARE_CONTENT_TYPE": content_type, "BARE_ETAG": tag}
            # (No change is made before the quiet rounds: both hold this same tag.)
            bare_env.pop("DJANGO_SETTINGS_MODULE")
            bare_port = free_port()
            bare_log = tmp / "bare.log"
            bare = gunicorn(servers, "bare_app:application", bare_port, bare_env, bare_log, args,
                            ROOT / "bench")
            bare_url = f"http://127.0.0.1:{bare_port}{path}"
            wait_http(bare_url, bare, bare_log)
            assert get(bare_port, path, tag)[0] == 304

            script = tmp / "phones.lua"
            script.write_text(LUA)
            actor = subprocess.Popen([str(PYTHON), __file__, "--act", str(tournament_id)],
                                     cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
            assert actor.stdout.readline().strip() == "ready"

            warm = argparse.Namespace(**vars(args) | {"duration": 2})
            wrk_phones(url, tag, script, warm)
            wrk_phones(bare_url, tag, script, warm)
            # Unchanged: every poll a 304, the site and the bare view in turn.
            for _round in range(args.rounds):
                rounds["site"].append(wrk_phones(url, tag, script, args))
                rounds["bare"].append(wrk_phones(bare_url, tag, script, args))
            # One change under load (the clock paused, then resumed), timed by the probe;
            # then every phone fetches the new partial once.
            for change in ("pause", "resume")[:args.probe_rounds]:
                probe = Probe(port, path, actor, change, delay=args.duration * 0.3)
                probe.start()
                rounds["probe"].append(wrk_phones(url, tag, script, args))
                probe.join(15)
                probes.append(probe.result)
                _status, tag = get(port, path)  # the phones hold the new partial now
            # Busy: a change every few seconds, as busts and registrations make them.
            for _round in range(args.busy_rounds if args.change_every else 0):
                changes = Changes(actor, args.change_every, args.duration)
                changes.start()
                rounds["busy"].append(wrk_phones(url, tag, script, args))
                changes.join(15)
                changes_made += changes.made
                _status, tag = get(port, path)
        finally:
            if actor is not None:
                actor.stdin.close()
                actor.wait(10)
            servers.stop_all()

    print(f"{args.phones:,} phones polling the clock every {args.poll_ms / 1000:g} s: "
          f"{required:,.0f} polls/s needed")
    print(f"GET {path} with If-None-Match ({len(body):,} bytes on a 200, {compressed:,} "
          f"gzip-compressed), full mode (redis-server "
          f"cache); gunicorn --workers {args.workers} --threads {args.threads} as bin/run; "
          f"wrk -t2 -c{args.connections}, Lua phones; {args.rounds} alternating rounds of "
          f"{args.duration} s after 2 s warm-ups; {os.cpu_count()} CPUs shared with wrk; "
          f"load average before: {load_before}")
    medians = {}
    labels = {"site": "site, unchanged", "bare": "bare Django view",
              "probe": "site, one change", "busy": f"site, change every {args.change_every:g} s"}
    for key, name in labels.items():
        if not rounds[key]:
            continue
        figures = sorted(rounds[key], key=lambda f: f["rps"])
        median = figures[len(figures) // 2]
        medians[key] = median["rps"]
        each = ", ".join(f"{f['rps']:.0f}" for f in rounds[key])
        answers = {k: sum(f[k] for f in rounds[key]) for k in ("200", "304", "other")}
        share = answers["200"] / max(1, answers["200"] + answers["304"])
        print(f"  {name:<28} {median['rps']:>7.0f} req/s (median of {each})  p50 {median['p50']}"
              f"  p99 {median['p99']}  {answers['304']:,} x 304, {answers['200']:,} x 200 "
              f"({share:.0%}), {answers['other']} other; socket errors {median['socket_errors']}")
    if rounds["busy"]:
        print(f"    ({changes_made} changes in the busy rounds; each phone polled every "
              f"{args.phones / medians['busy']:.1f} s and fetched each change once)")
    ratio = medians["site"] / medians["bare"] if medians["bare"] else float("nan")
    print(f"  ratio site / bare (unchanged polls)  {ratio:.2f}")
    for key, name in labels.items():
        if key not in medians:
            continue
        phones = medians[key] * args.poll_ms / 1000
        verdict = "met" if medians[key] >= required else "NOT met"
        print(f"  {required:,.0f}/s needed, {name}: {verdict} ({medians[key]:,.0f}/s: "
              f"{phones:,.0f} phones at {args.poll_ms / 1000:g} s)")
    print("A change under load (through the service, during a probe round):")
    for result in probes:
        if not result:
            print("  probe did not finish")
            continue
        first = result["first_new"]
        worst = max(result["last_stale"], first or 0)
        print(f"  {result['change']:<7} first poll with the new partial "
              f"{first * 1000 if first is not None else float('nan'):.0f} ms after the commit; "
              f"last 'unchanged' answer {result['last_stale'] * 1000:.0f} ms after it "
              f"({result['polls']} probe polls) -> a phone polling every "
              f"{args.poll_ms / 1000:g} s shows it within {(worst + args.poll_ms / 1000) * 1000:.0f}"
              f" ms + its poll's latency")


if __name__ == "__main__":
    main()
