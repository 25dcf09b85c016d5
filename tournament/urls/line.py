"""The alternate line: included from tournament.config.urls without a prefix.

The player's page lives under /me/ so that the players' service worker (scope /me/)
controls it, as it does a player's own page.
"""

from django.urls import path

from tournament.views import line

urlpatterns = [
    path("t/<int:tournament_id>/line/", line.line_join, name="line_join"),
    path("me/line/<str:token>/", line.line_page, name="line_page"),
    path("me/line/<str:token>/push/", line.line_push, name="line_push"),
    path("t/<int:tournament_id>/line/add/", line.line_desk_join, name="line_desk_join"),
    path("t/<int:tournament_id>/line/<int:spot_id>/<str:action>/", line.line_spot_action,
         name="line_spot_action"),
]
