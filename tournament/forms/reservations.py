"""What a player sends to reserve (the public page and the kiosk), and the desk's lookup."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.forms.desk import EMAIL_MAX, NAME_MAX
from tournament.services.contacts import PHONE_MAX

LOOKUP_MAX = 300


class ReservationForm(forms.Form):
    """Name, an email or a phone, and the language of the player's notices; all bounded."""

    name = forms.CharField(label=_("Your name"), max_length=NAME_MAX,
                           widget=forms.TextInput(attrs={"autocomplete": "name"}))
    email = forms.EmailField(label=_("Email"), max_length=EMAIL_MAX, required=False,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    phone = forms.CharField(label=_("Phone"), max_length=PHONE_MAX, required=False,
                            widget=forms.TextInput(attrs={"autocomplete": "tel",
                                                          "inputmode": "tel"}))
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            current = get_language() or "en"
            self.initial.setdefault("language", current if current in dict(settings.LANGUAGES)
                                    else "en")

    def clean(self):
        data = super().clean()
        if not self.errors and not (data.get("email") or (data.get("phone") or "").strip()):
            self.add_error("email", _("Give an email address or a phone number, so the desk "
                                      "can reach you."))
        return data


class ReservationLookupForm(forms.Form):
    """The desk's lookup: a scanned QR (its whole address), the short code, or a name."""

    reservation = forms.CharField(label=_("Reservation: scan the QR, or type the code or a name"),
                                  max_length=LOOKUP_MAX, required=False)

    def typed(self) -> str:
        return self.cleaned_data.get("reservation", "") if self.is_valid() else ""
