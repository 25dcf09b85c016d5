"""The soak of issue 26, small: 100 staff actions through Wi-Fi that drops one answer in ten
and delays the rest; each is recorded exactly once and the room's invariants hold.

The full 1,000 with 0-2 s delays is bench/flaky_network.py.
"""

from __future__ import annotations

import pytest

from tests.flaky_proxy import FlakyProxy
from tests.flaky_soak import session_for, soak


@pytest.mark.django_db(transaction=True)
def test_a_hundred_staff_actions_through_flaky_wifi_are_each_recorded_once(
        live_server, make_tournament, director, floor_user, cashier):
    from tables.services import tables_add
    from tournament.services.clock import clock_start

    tournament = make_tournament(seats_per_table=10)
    tables_add(actor=director, tournament_id=tournament.pk, count=6)
    clock_start(tournament_id=tournament.pk, actor=director)
    port = int(live_server.url.rsplit(":", 1)[1])
    with FlakyProxy(port, drop=0.1, max_delay=0.1, seed=26) as proxy:
        report = soak(proxy.url, tournament_id=tournament.pk, actions=100,
                      floor_session=session_for(floor_user), desk_session=session_for(cashier),
                      director_session=session_for(director))
        assert proxy.dropped > 0  # answers were lost, and the retries still did each once
    assert report["refused"] == []
    assert (report["actions"], report["once"], report["twice"], report["lost"]) == (100, 100, 0, 0)
    assert report["invariants"] == []
    assert report["answers"]["replayed"] > 0
