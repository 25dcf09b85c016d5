"""Authentication with login throttling (see tournament.services.accounts).

The backend is what every login goes through (the staff login page and the
admin's), so a locked account or address is refused everywhere, the right
password included.
"""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from tournament.services import accounts


class ThrottledModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(self._username_field(), "")
        if accounts.login_locked(request, username or ""):
            raise PermissionDenied  # stops authenticate(): no backend is tried
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            accounts.login_failed(request=request, username=username or "")
        else:
            accounts.login_succeeded(request=request, username=username or "")
        return user

    @staticmethod
    def _username_field() -> str:
        from django.contrib.auth import get_user_model

        return get_user_model().USERNAME_FIELD
