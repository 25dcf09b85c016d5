"""A demo tournament for a first look: a regular structure, tables, players, a running clock."""

from __future__ import annotations

from tables.models import Move
from tables.services.floor import move_confirm
from tables.services.tables import tables_add
from tournament.domain.structures import template_levels
from tournament.models import Tournament
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register
from tournament.services.tournaments import tournament_create

DEMO_PLAYERS = (
    "Ada Chen", "Bruno Silva", "Chloé Martin", "Dmitri Ivanov", "Elena Rossi", "Farid Haddad",
    "Grace Kim", "Hiro Tanaka", "Ines García", "Jonas Berg", "Kwame Mensah", "Lena Müller",
    "Mateo López", "Nadia Petrova", "Omar Aziz", "Priya Nair", "Quentin Dubois", "Rosa Alves",
    "Sven Larsen", "Tamara Novak", "Uma Patel", "Victor Hugo", "Wei Zhang", "Xenia Popova",
    "Yusuf Kaya", "Zoe Adams", "李娜", "王伟", "张敏", "刘洋",
)


def load_demo() -> Tournament:
    tournament = tournament_create(
        actor=None,
        values={
            "name": "Sunday Deepstack (demo)",
            "starting_stack": 20000,
            "buy_in": 100,
            "fee": 20,
            "late_reg_end_level": 6,
            "chip_set": [25, 100, 500, 1000, 5000, 25000],
            "re_entry_allowed": True,
            "payout_unit": 5,
        },
        levels=template_levels("regular"),
    )
    tables_add(actor=None, tournament_id=tournament.pk, count=4)
    for name in DEMO_PLAYERS:
        entry_register(actor=None, tournament_id=tournament.pk, player_name=name, method="cash")
    # Players arriving one by one fill the fewest tables; the start balances
    # them once. The demo starts with everybody already in their seat.
    clock_start(tournament_id=tournament.pk, actor=None)
    for move_id in Move.objects.filter(tournament=tournament, status=Move.Status.PENDING
                                       ).values_list("pk", flat=True):
        move_confirm(actor=None, tournament_id=tournament.pk, move_id=move_id)
    return tournament
