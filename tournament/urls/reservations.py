"""Reservations before the day: the public page, a reservation's own page, the desk's
panel and the entrance kiosk (issue 23)."""

from django.urls import path

from tournament.views import reservations

urlpatterns = [
    path("t/<int:tournament_id>/reserve/", reservations.reservation_new, name="reservation_new"),
    path("r/<str:token>/", reservations.reservation_page, name="reservation_page"),
    path("t/<int:tournament_id>/registration/reservations/", reservations.desk_reservations_view,
         name="desk_reservations"),
    path("t/<int:tournament_id>/reservations/<int:reservation_id>/cancel/",
         reservations.reservation_cancel_view, name="reservation_cancel"),
    path("t/<int:tournament_id>/kiosk/", reservations.kiosk, name="kiosk"),
    path("t/<int:tournament_id>/kiosk/done/", reservations.kiosk_done, name="kiosk_done"),
    path("t/<int:tournament_id>/kiosk/start/", reservations.kiosk_start_view, name="kiosk_start"),
    path("t/<int:tournament_id>/kiosk/exit/", reservations.kiosk_exit, name="kiosk_exit"),
]
