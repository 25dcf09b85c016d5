"""The dealers' rotation (tables/domain/dealers/): its invariants over long random days."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.domain import dealers as rot
from tables.domain.dealers import BREAK, DEALING, OUT, Dealer, OpenTable, Room, Rules

START = datetime(2026, 7, 1, 12, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)


class Watch:
    """Follows a day through the engine's lines and checks every invariant."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.history: dict[int, list[int]] = {}  # dealer -> tables of the current stint
        self.late: int = 0

    def room_ok(self, room: Room, waiting: set[int]) -> None:
        dealt = [d.table for d in room.dealers if d.status == DEALING]
        assert len(dealt) == len(set(dealt)), "no dealer at two tables, no table with two"
        open_keys = {t.key for t in room.tables}
        assert set(dealt) <= open_keys, "only open tables are dealt"
        missing = open_keys - set(dealt)
        assert missing <= waiting, f"open tables without a dealer, not reported: {missing}"
        games = {t.key: t.game for t in room.tables}
        for d in room.dealers:
            if d.status == DEALING:
                assert games[d.table] in d.games, "a dealer deals only their games"
                assert d.stint <= self.rules.max_downs

    def going_in(self, line: rot.Line, before: dict[int, Dealer], at: datetime) -> None:
        dealer = before[line.dealer]
        stint = self.history.setdefault(line.dealer, [])
        fresh = dealer.status == BREAK or dealer.stint == 0 or (
            dealer.stint >= self.rules.min_downs and dealer.since is not None
            and at - dealer.since >= self.rules.break_length)
        if fresh:
            stint.clear()
        assert not stint or stint[-1] != line.table, "no back-to-back down at one table"
        stint.append(line.table)

    def push_ok(self, room: Room, push: rot.Push, now: datetime) -> None:
        before = {d.key: d for d in room.dealers}
        tables = {t.key: t for t in room.tables}
        at = push.at
        assert at is not None and at >= now
        pushed_in = set()
        relieved: set[int] = set()
        for line in push.lines:
            if line.kind == "push":
                table = tables[line.table]
                assert table.tournament not in room.held, "hand-for-hand holds the pushes"
                for b in room.boundaries.get(table.tournament, ()):
                    assert not (b - self.rules.quiet <= at < b), "no push in the quiet minutes"
                assert table.game in before[line.dealer].games
                incoming = before[line.dealer]
                # The push chain: a dealer relieved earlier in this push goes on here.
                assert incoming.status != DEALING or incoming.key in relieved
                if incoming.status == BREAK:
                    assert incoming.until <= at, "a break is taken whole"
                outgoing = before[line.relieves]
                assert outgoing.table == line.table
                # Early only to give a waiting dealer their second down.
                assert outgoing.due <= at or line.reason == "second_down"
                self.going_in(line, before, at)
                pushed_in.add(line.dealer)
                relieved.add(line.relieves)
            elif line.kind == "break":
                assert before[line.dealer].stint >= self.rules.min_downs, "no up-down"
                assert line.until - line.at == self.rules.break_length
                self.history[line.dealer] = []
        # Whoever relieved was out longest among the rested who deal that game.
        for line in push.lines:
            if line.kind != "push" or line.reason != "longest_out":
                continue
            chosen = before[line.dealer]
            game = tables[line.table].game
            for other in room.dealers:
                if (other.key in pushed_in or other.early_out or game not in other.games
                        or other.status == DEALING):
                    continue
                rested = (other.status == BREAK and other.until <= at) or (
                    other.status == OUT and (other.stint == 0 or (
                        other.stint >= self.rules.min_downs
                        and at - other.since >= self.rules.break_length)))
                if rested and other.stint == 0 and not (
                        other.status == OUT and other.stint and other.last_table == line.table):
                    assert other.since >= chosen.since, "longest out goes in first"
        # A dealer owed a break who keeps dealing is reported.
        kept = {k for s in push.shortages for k in s.tables}
        after = {d.key: d for d in push.dealers}
        for d in room.dealers:
            kept_here = (d.status == DEALING and d.due <= at
                         and after[d.key].status == DEALING and after[d.key].table == d.table)
            if not kept_here or tables[d.table].tournament in room.held:
                continue
            marks = room.boundaries.get(tables[d.table].tournament, ())
            if rot.push_time(d.due, now, marks, self.rules) <= at:
                assert d.table in kept, "a table not relieved is reported"
                if d.stint >= self.rules.max_downs:
                    self.late += 1


games_st = st.sampled_from([frozenset({"holdem"}), frozenset({"holdem"}), frozenset({"holdem"}),
                            frozenset({"holdem", "omaha"}), frozenset({"omaha"})])
step_st = st.one_of(
    st.tuples(st.just("open"), st.integers(1, 6), st.sampled_from(["holdem", "holdem", "omaha"]),
              st.integers(0, 2)),
    st.tuples(st.just("close"), st.integers(0, 200)),
    st.tuples(st.just("clock_in"), games_st),
    st.tuples(st.just("clock_out"), st.integers(0, 200)),
    st.tuples(st.just("push"), st.integers(1, 4)),
    st.tuples(st.just("wait"), st.integers(1, 40)),
    st.tuples(st.just("boundary"), st.integers(0, 2), st.integers(1, 45)),
    st.tuples(st.just("hand_for_hand"), st.integers(0, 2)),
)
rules_st = st.builds(
    Rules,
    down=st.sampled_from([timedelta(minutes=20), timedelta(minutes=30), timedelta(minutes=60)]),
    min_downs=st.just(2), max_downs=st.sampled_from([2, 3]),
    break_length=st.sampled_from([timedelta(minutes=15), timedelta(minutes=20)]),
    quiet=st.sampled_from([timedelta(seconds=90), timedelta(minutes=2)]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_st, dealers=st.lists(games_st, min_size=1, max_size=30),
       steps=st.lists(step_st, min_size=20, max_size=160))
def test_invariants_hold_over_a_random_day(rules, dealers, steps):
    """Tables opening and breaking, dealers clocking in and out, level changes and
    breaks, hand-for-hand: after every step every invariant of issue 24 holds, and
    any table the pool cannot serve is reported, never silently left."""
    watch = Watch(rules)
    now = START
    room = Room(tables=(), dealers=tuple(Dealer(k, g, since=now) for k, g in enumerate(dealers)))
    next_table = 1
    next_dealer = len(dealers)
    waiting: set[int] = set()
    for step in steps:
        kind = step[0]
        if kind == "open":
            _, count, game, tournament = step
            room = replace(room, tables=room.tables + tuple(
                OpenTable(next_table + i, tournament, game) for i in range(count)))
            next_table += count
        elif kind == "close" and room.tables:
            table = room.tables[step[1] % len(room.tables)]
            room, line = rot.table_closed(room, table.key, now)
            assert line is None or line.dealer not in {d.key for d in room.dealers
                                                        if d.status == DEALING}
        elif kind == "clock_in":
            room = replace(room, dealers=room.dealers + (Dealer(next_dealer, step[1], since=now),))
            next_dealer += 1
        elif kind == "clock_out" and room.dealers:
            gone = room.dealers[step[1] % len(room.dealers)]
            room = replace(room, dealers=tuple(d for d in room.dealers if d.key != gone.key))
        elif kind == "wait":
            now += step[1] * MIN
        elif kind == "boundary":
            _, tournament, minutes = step
            marks = room.boundaries.get(tournament, ())
            room = replace(room, boundaries={**room.boundaries,
                                             tournament: marks + (now + minutes * MIN,)})
        elif kind == "hand_for_hand":
            room = replace(room, held=room.held ^ {step[1]})
        elif kind == "push":
            for _ in range(step[1]):
                push = rot.next_push(room, rules, now)
                if push.at is None:
                    break
                watch.push_ok(room, push, now)
                now = push.at
                room = rot.apply(room, push.dealers)
        fills, after, shortages = rot.fill(room, rules, now)
        for line in fills:
            assert line.kind == "fill"
            watch.going_in(line, {d.key: d for d in room.dealers}, now)
        room = replace(room, dealers=after)
        waiting = {k for s in shortages for k in s.tables}
        watch.room_ok(room, waiting)


def _room(tables: int, dealers: int) -> Room:
    return Room(tables=tuple(OpenTable(k, 1, label=str(k)) for k in range(1, tables + 1)),
                dealers=tuple(Dealer(k, since=START - k * MIN) for k in range(dealers)))


def test_a_new_room_is_dealt_at_once_with_pushes_spread():
    rules = Rules()
    fills, dealers, shortages = rot.fill(_room(10, 12), rules, START)
    assert len(fills) == 10 and not shortages
    dues = sorted(d.due for d in dealers if d.status == DEALING)
    assert dues[0] == START + rules.down / 2 and dues[-1] < START + rules.down * 3 / 2
    # Longest out first: dealers 11 and 10 (out since 11 and 10 minutes before) went in.
    assert {d.key for d in dealers if d.status == OUT} == {0, 1}


def test_short_pool_says_how_many_tables_wait():
    fills, _, shortages = rot.fill(_room(5, 2), Rules(), START)
    assert len(fills) == 2
    assert shortages[0].kind == "waiting" and shortages[0].count == 3


def test_first_push_is_a_chain_and_nobody_breaks_after_one_down():
    """No up-down: after one down every dealer goes on to another table."""
    rules = Rules()
    room = _room(4, 5)
    _, dealers, _ = rot.fill(room, rules, START)
    room = rot.apply(room, dealers)
    push = rot.next_push(room, rules, START)
    assert not [line for line in push.lines if line.kind == "break"]
    tables_before = {d.key: d.table for d in room.dealers}
    for line in push.pushes:
        assert tables_before[line.dealer] != line.table


def test_three_downs_then_a_break_and_relief_from_the_pool():
    rules = Rules(max_downs=3)
    room = Room(tables=(OpenTable(1, 1),),
                dealers=(Dealer(1, status=DEALING, table=1, since=START, due=START + rules.down,
                                stint=3, last_table=1),
                         Dealer(2, since=START - 60 * MIN)))
    push = rot.next_push(room, rules, START)
    kinds = {(line.kind, line.dealer) for line in push.lines}
    assert ("push", 2) in kinds and ("break", 1) in kinds
    assert push.at == START + rules.down


def test_no_relief_keeps_the_dealer_and_says_so():
    rules = Rules(max_downs=3)
    room = Room(tables=(OpenTable(1, 1), OpenTable(2, 1)),
                dealers=(Dealer(1, status=DEALING, table=1, since=START, due=START + rules.down,
                                stint=3, last_table=1),
                         Dealer(2, status=DEALING, table=2, since=START, due=START + rules.down,
                                stint=3, last_table=2)))
    push = rot.next_push(room, rules, START)
    assert push.at is None
    assert push.shortages[0].kind == "no_relief" and push.shortages[0].count == 2


def test_rp7_no_push_in_the_90_seconds_before_a_level_change():
    """House RP-7: the push due 60 s before the level change waits for the change."""
    rules = Rules()
    due = START + rules.down
    room = Room(tables=(OpenTable(1, 7),),
                dealers=(Dealer(1, status=DEALING, table=1, since=START, due=due, stint=1,
                                last_table=1),
                         Dealer(2, since=START)),
                boundaries={7: (due + timedelta(seconds=60),)})
    push = rot.next_push(room, rules, START)
    assert push.at == due + timedelta(seconds=60)


def test_rp7_a_push_that_waited_for_a_relief_still_waits_out_the_quiet_minutes():
    """House RP-7, found by the random day: the down ends at 12:20 with nobody free,
    the relief is back from break at 12:40, and the level changes at 12:41. The push
    waits for the change (it was planned at 12:40, inside the quiet 90 seconds), and
    the table kept from 12:20 is still reported."""
    rules = Rules(down=20 * MIN, min_downs=2, max_downs=2, break_length=15 * MIN)
    room = Room(tables=(OpenTable(1, 7),),
                dealers=(Dealer(1, status=DEALING, table=1, since=START, due=START + 20 * MIN,
                                stint=2, last_table=1),
                         Dealer(2, status=BREAK, since=START + 25 * MIN,
                                until=START + 40 * MIN)),
                boundaries={7: (START + 41 * MIN,)})
    push = rot.next_push(room, rules, START)
    assert push.at == START + 41 * MIN
    assert [(line.kind, line.dealer) for line in push.pushes] == [("push", 2)]
    assert [(s.kind, s.at, s.tables) for s in push.shortages] == [
        ("no_relief", START + 20 * MIN, (1,))]


def test_every_table_kept_without_relief_is_reported_with_its_own_time():
    """Table 1 finds no relief at 12:20, table 2 none at 12:25; both are listed
    with the moment their dealer was kept, before the push at 12:40."""
    rules = Rules(down=20 * MIN, min_downs=2, max_downs=2, break_length=15 * MIN)
    room = Room(tables=(OpenTable(1, 7), OpenTable(2, 8)),
                dealers=(Dealer(1, status=DEALING, table=1, since=START, due=START + 20 * MIN,
                                stint=2, last_table=1),
                         Dealer(2, status=DEALING, table=2, since=START, due=START + 25 * MIN,
                                stint=2, last_table=2),
                         Dealer(3, status=BREAK, since=START + 25 * MIN,
                                until=START + 40 * MIN)),
                boundaries={7: (START + 41 * MIN,)})
    push = rot.next_push(room, rules, START)
    # Table 1 is quiet at 12:40, table 2 is not: dealer 3 relieves table 2 now.
    assert push.at == START + 40 * MIN
    assert [(line.table, line.dealer) for line in push.pushes] == [(2, 3)]
    assert [(s.at, s.tables) for s in push.shortages] == [
        (START + 20 * MIN, (1,)), (START + 25 * MIN, (2,))]


def test_hand_for_hand_holds_the_pushes():
    rules = Rules()
    room = Room(tables=(OpenTable(1, 7),),
                dealers=(Dealer(1, status=DEALING, table=1, since=START,
                                due=START + rules.down, stint=1, last_table=1),
                         Dealer(2, since=START)), held=frozenset({7}))
    assert rot.next_push(room, rules, START).at is None


def test_a_table_break_frees_its_dealer_at_once():
    room = Room(tables=(OpenTable(1, 1),),
                dealers=(Dealer(1, status=DEALING, table=1, since=START, due=START + 30 * MIN,
                                stint=1, last_table=1),))
    room, line = rot.table_closed(room, 1, START + 5 * MIN)
    assert line.reason == "table_broke" and room.dealers[0].status == OUT
    assert room.tables == ()


def test_a_dealer_deals_only_their_games():
    rules = Rules()
    room = Room(tables=(OpenTable(1, 1, game="omaha"),),
                dealers=(Dealer(1, frozenset({"holdem"}), since=START - 90 * MIN),
                         Dealer(2, frozenset({"omaha", "holdem"}), since=START)))
    fills, _, _ = rot.fill(room, rules, START)
    assert [line.dealer for line in fills] == [2]
