"""Forms of the accounts pages: the throttled login, and the director's staff forms."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournament.permissions import DIRECTOR, FLOOR, REGISTRATION
from tournament.services.accounts import login_locked

ROLE_CHOICES = [(DIRECTOR, _("Director")), (FLOOR, _("Floor")), (REGISTRATION, _("Registration"))]


def lockout_message() -> str:
    minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
    return ngettext(
        "Too many failed logins for this account or from this address. "
        "Logins are paused for %(minutes)d minute: try again later, or ask a director.",
        "Too many failed logins for this account or from this address. "
        "Logins are paused for %(minutes)d minutes: try again later, or ask a director.",
        minutes,
    ) % {"minutes": minutes}


class ThrottledLoginForm(AuthenticationForm):
    """The login form, which says so when logins are paused for this account or address."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        if login_locked(self.request, username):
            raise forms.ValidationError(lockout_message(), code="locked")
        try:
            return super().clean()
        except forms.ValidationError:
            if login_locked(self.request, username):  # this attempt reached the limit
                raise forms.ValidationError(lockout_message(), code="locked") from None
            raise


def _username_field() -> forms.Field:
    model_field = get_user_model()._meta.get_field("username")
    field = model_field.formfield()
    field.validators.extend(model_field.validators)  # letters, digits and @ . + - _ only
    field.label = _("User name")
    return field


class StaffCreateForm(forms.Form):
    username = forms.CharField()  # replaced in __init__ by the user model's own field
    roles = forms.MultipleChoiceField(label=_("Roles"), choices=ROLE_CHOICES,
                                      widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"] = _username_field()


class StaffRolesForm(forms.Form):
    roles = forms.MultipleChoiceField(label=_("Roles"), choices=ROLE_CHOICES,
                                      widget=forms.CheckboxSelectMultiple)


class StaffActiveForm(forms.Form):
    active = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")
