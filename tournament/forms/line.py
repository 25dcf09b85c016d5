"""The alternate line: joining it (from a phone or at the desk), and the desk's actions on it."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tournament.models import LineSpot, Payment

TOO_LONG = _("This is too long: at most %(limit_value)d characters (it has %(show_value)d).")


class LineJoinForm(forms.Form):
    """Name, a way to reach them (email or phone), the language of their page."""

    name = forms.CharField(label=_("Your name"), max_length=120,
                           error_messages={"max_length": TOO_LONG})
    email = forms.EmailField(label=_("Email"), required=False, max_length=254)
    phone = forms.CharField(label=_("Phone"), required=False, max_length=40,
                            error_messages={"max_length": TOO_LONG},
                            widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}))
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES,
                                 required=False)

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("email") and not (data.get("phone") or "").strip():
            raise forms.ValidationError(_("Give an email or a phone number, so that you can "
                                          "be reached."))
        return data


class DeskLineJoinForm(LineJoinForm):
    name = forms.CharField(label=_("Player name"), max_length=120,
                           error_messages={"max_length": TOO_LONG})
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


class LineActionForm(forms.Form):
    """A desk's action on a place in line; ``seen``: its status on that desk's screen."""

    seen = forms.ChoiceField(choices=LineSpot.Status.choices)
    method = forms.ChoiceField(choices=Payment.Method.choices, required=False)
