"""Festival pages: chip counts, end of day and bags, the leaderboard, events and Day 2."""

from django.urls import path

from tournament.views import events, festival

urlpatterns = [
    path("t/<int:tournament_id>/counts/", festival.counts_home, name="counts_home"),
    path("t/<int:tournament_id>/counts/table/<int:table_number>/", festival.counts_table,
         name="counts_table"),
    path("t/<int:tournament_id>/counts/undo/<int:event_id>/", festival.counts_undo,
         name="counts_undo"),
    path("t/<int:tournament_id>/counts/removed/", festival.chips_removed, name="chips_removed"),
    path("t/<int:tournament_id>/counts/tolerance/", festival.tolerance_set, name="count_tolerance"),
    path("t/<int:tournament_id>/day/<slug:action>/", festival.day_action, name="day_action"),
    path("t/<int:tournament_id>/bags/", festival.bag_slips, name="bag_slips"),
    path("t/<int:tournament_id>/bags/report/", festival.count_report, name="count_report"),
    path("t/<int:tournament_id>/bags/correct/", festival.bag_correct, name="bag_correct"),
    path("t/<int:tournament_id>/leaderboard/", festival.public_leaderboard, name="leaderboard"),
    path("events/", events.event_list, name="event_list"),
    path("events/<int:event_id>/", events.event_detail, name="event_detail"),
    path("events/<int:event_id>/seat/", events.event_seat_lookup, name="event_seat_lookup"),
    path("events/<int:event_id>/<slug:action>/", events.event_action, name="event_action"),
]
