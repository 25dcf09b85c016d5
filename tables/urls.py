"""The floor's pages, included by the project's URLconf (``include("tables.urls")``)."""

from django.urls import path

from tables.views import dealers as views_dealers
from tables.views import floor as views
from tables.views import players as views_players
from tables.views import public as views_public
from tables.views import room as views_room
from tables.views import tables as views_tables

urlpatterns = [
    path("t/<int:tournament_id>/seat/<int:number>/", views_public.entry_seat, name="entry_seat"),
    path("me/sw.js", views_players.player_service_worker, name="player_service_worker"),
    path("me/<str:token>/", views_players.player_page, name="player_page"),
    path("me/<str:token>/push/", views_players.player_push, name="player_push"),
    path("t/<int:tournament_id>/me/", views_players.player_find, name="player_find"),
    path("t/<int:tournament_id>/chart/", views_public.seating_chart, name="seating_chart"),
    path("t/<int:tournament_id>/room/", views_room.room_overview, name="room_overview"),
    path("t/<int:tournament_id>/floor/find/", views_room.floor_find, name="floor_find"),
    path("t/<int:tournament_id>/floor/", views.floor_console, name="floor_console"),
    path("t/<int:tournament_id>/floor/entries/<int:entry_id>/", views.seat_dialog,
         name="seat_dialog"),
    path("t/<int:tournament_id>/floor/entries/<int:entry_id>/bust/", views.bust, name="bust"),
    path("t/<int:tournament_id>/floor/entries/<int:entry_id>/unbust/", views.bust_undo,
         name="bust_undo"),
    path("t/<int:tournament_id>/floor/entries/<int:entry_id>/move/", views.move_entry,
         name="move_entry"),
    path("t/<int:tournament_id>/floor/entries/<int:entry_id>/seat/", views.entry_seat_now,
         name="entry_seat_now"),
    path("t/<int:tournament_id>/floor/moves/<int:move_id>/done/", views.move_done,
         name="move_done"),
    path("t/<int:tournament_id>/floor/tables/<int:table_number>/button/", views_tables.table_button,
         name="table_button"),
    path("t/<int:tournament_id>/floor/tables/<int:table_number>/break-order/",
         views_tables.table_break_order, name="table_break_order"),
    path("t/<int:tournament_id>/floor/tables/add/", views_tables.tables_add_view, name="tables_add"),
    path("t/<int:tournament_id>/floor/tables/<int:table_number>/remove/", views_tables.table_remove,
         name="table_remove"),
    path("t/<int:tournament_id>/floor/tables/<int:table_number>/seats/", views_tables.table_seats,
         name="table_seats"),
    path("t/<int:tournament_id>/floor/balance/", views.balance_now, name="balance_now"),
    path("t/<int:tournament_id>/floor/hand-for-hand/<slug:action>/", views.hand_for_hand,
         name="hand_for_hand"),
]

# The dealers' rotation (issue 24): the coordinator's board, the dealers' phones, payroll.
urlpatterns += [
    path("dealers/", views_dealers.dealer_board, name="dealer_board"),
    path("dealers/version/", views_dealers.dealers_version_view, name="dealers_version"),
    path("dealers/push/", views_dealers.dealer_push, name="dealer_push"),
    path("dealers/swap/", views_dealers.dealer_swap, name="dealer_swap"),
    path("dealers/clock/", views_dealers.dealer_clock, name="dealer_clock"),
    path("dealers/add/", views_dealers.dealer_add, name="dealer_add"),
    path("dealers/rules/", views_dealers.dealer_rules_edit, name="dealer_rules"),
    path("dealers/ledger.csv", views_dealers.dealer_ledger_csv, name="dealer_ledger_csv"),
    path("dealers/ledger.json", views_dealers.dealer_ledger_json, name="dealer_ledger_json"),
    path("d/<str:token>/", views_dealers.dealer_phone, name="dealer_phone"),
    path("d/<str:token>/clock/", views_dealers.dealer_phone_clock, name="dealer_phone_clock"),
]
