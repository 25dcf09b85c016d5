from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament.views import clock, public, registration, structures, tournaments

urlpatterns = [
    path("", tournaments.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("rulebook/", include("tournament.urls_rulebook")),
    path("t/new/", tournaments.tournament_create_view, name="tournament_create"),
    path("t/<int:tournament_id>/", clock.clock_console, name="tournament_console"),
    path("t/<int:tournament_id>/edit/", tournaments.tournament_edit_view, name="tournament_edit"),
    path("t/<int:tournament_id>/log/", tournaments.audit_log, name="audit_log"),
    path("t/<int:tournament_id>/tv/", clock.clock_tv, name="clock_tv"),
    path("t/<int:tournament_id>/clock/", clock.clock_phone, name="clock_phone"),
    path("t/<int:tournament_id>/clock/state/", clock.clock_state, name="clock_state"),
    path("t/<int:tournament_id>/clock/time/", clock.clock_set_time, name="clock_set_time"),
    path("t/<int:tournament_id>/clock/add/", clock.clock_add_time, name="clock_add_time"),
    path("t/<int:tournament_id>/clock/<slug:action>/", clock.clock_action, name="clock_action"),
    path("t/<int:tournament_id>/structure/", structures.structure_editor, name="structure_editor"),
    path("t/<int:tournament_id>/structure/import/", structures.structure_import,
         name="structure_import"),
    path("t/<int:tournament_id>/structure/export.<slug:fmt>", structures.structure_export,
         name="structure_export"),
    path("t/<int:tournament_id>/registration/", registration.registration_desk,
         name="registration_desk"),
    path("t/<int:tournament_id>/registration/players/", registration.player_search,
         name="player_search"),
    path("t/<int:tournament_id>/entries/<int:entry_id>/buy/<slug:kind>/",
         registration.entry_buy_chips, name="entry_buy_chips"),
    path("t/<int:tournament_id>/entries/<int:entry_id>/unregister/", registration.entry_unregister,
         name="entry_unregister"),
    path("t/<int:tournament_id>/card/<int:number>/", registration.seat_card, name="seat_card"),
    path("t/<int:tournament_id>/seat/", public.seat_lookup, name="seat_lookup"),
    path("t/<int:tournament_id>/seat/<int:number>/", public.entry_seat, name="entry_seat"),
    path("t/<int:tournament_id>/chart/", public.seating_chart, name="seating_chart"),
    path("structures/", structures.structure_list, name="structure_list"),
    path("structures/<int:structure_id>/", structures.structure_template, name="structure_template"),
]
