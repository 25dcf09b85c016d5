"""The audit log's Undo of a rebuy or add-on: offered only where it works, and it works."""

from __future__ import annotations

import pytest

from tests.services.test_floor import field
from tests.services.test_money import bust, start
from tests.views.test_money_views import _undo_buttons, login
from tournament.models import AuditEvent, Entry, Payment
from tournament.selectors.payouts import field_figures
from tournament.services import registration as reg


@pytest.fixture
def rebought(make_tournament, director, cashier):
    t = make_tournament(buy_in=100, rebuy_allowed=True, rebuy_amount=100, rebuy_chips=10_000,
                        addon_allowed=True, addon_amount=50, addon_chips=20_000)
    entries = field(t, director, 6, 1)
    rebuy = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=entries[0].pk)
    addon = reg.entry_rebuy(actor=cashier, tournament_id=t.pk, entry_id=entries[1].pk,
                            addon=True)
    return t, entries, rebuy, addon


@pytest.mark.django_db
def test_the_cashier_takes_a_rebuy_back_from_the_log(rebought, cashier):
    t, entries, rebuy, addon = rebought
    client = login(cashier)
    kinds, offered = _undo_buttons(client, t)
    assert ("entry_rebuy", entries[0].pk) in offered and ("entry_addon", entries[1].pk) in offered
    pool = field_figures(t).prize_pool
    page = client.post(f"/t/{t.pk}/log/{rebuy.pk}/undo/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Undone." in html and "Rebuy taken back" in html
    assert field_figures(t).prize_pool == pool - 100
    assert not Payment.objects.filter(kind="rebuy").exists()
    kinds, offered = _undo_buttons(client, t)
    assert ("entry_rebuy", entries[0].pk) not in offered
    assert ("entry_addon", entries[1].pk) in offered


@pytest.mark.django_db
def test_the_log_hides_the_undo_of_a_rebuy_once_the_player_is_out(rebought, director):
    t, entries, rebuy, addon = rebought
    client = login(director)
    start(t)
    bust(t, director, entries[0])
    kinds, offered = _undo_buttons(client, t)
    assert ("entry_rebuy", entries[0].pk) not in offered
    assert ("entry_addon", entries[1].pk) in offered
    refused = client.post(f"/t/{t.pk}/log/{rebuy.pk}/undo/")
    assert refused.status_code == 400
    assert "The player is out since: undo the bust first." in refused.content.decode()
    assert Entry.objects.get(pk=entries[0].pk).rebuys == 1
    assert not AuditEvent.objects.filter(kind="entry_rebuy_undone").exists()


@pytest.mark.django_db
def test_the_floor_may_not_take_money_back(rebought, floor_user):
    t, _entries, rebuy, _addon = rebought
    client = login(floor_user)
    kinds, _offered = _undo_buttons(client, t)
    assert not kinds & {"entry_rebuy", "entry_addon"}
    refused = client.post(f"/t/{t.pk}/log/{rebuy.pk}/undo/")
    assert "You may not undo that action." in refused.content.decode()
    assert Payment.objects.filter(kind="rebuy").count() == 1


@pytest.mark.django_db
def test_the_refusal_reads_in_chinese(rebought, director):
    t, entries, rebuy, _addon = rebought
    client = login(director)
    start(t)
    bust(t, director, entries[0])
    refused = client.post(f"/t/{t.pk}/log/{rebuy.pk}/undo/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = refused.content.decode()
    assert refused.status_code == 400
    assert "The player is out since" not in html and "淘汰" in html
