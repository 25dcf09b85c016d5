"""Staff accounts (login, password, the director's staff page) and event backups."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournament.views import accounts

urlpatterns = [
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", accounts.password_change, name="password_change"),
    path("staff/", accounts.staff_list, name="staff_list"),
    path("staff/add/", accounts.staff_create, name="staff_create"),
    path("staff/<int:user_id>/roles/", accounts.staff_roles, name="staff_roles"),
    path("staff/<int:user_id>/active/", accounts.staff_active, name="staff_active"),
    path("staff/<int:user_id>/password/", accounts.staff_password, name="staff_password"),
    path("t/<int:tournament_id>/backup.json", accounts.event_backup, name="event_backup"),
]
