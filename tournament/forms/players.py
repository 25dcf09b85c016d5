"""A player finding their own page: their name and the short code printed on their card."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.player_links import CODE_LENGTH
from tournament.services.players import search_text


class PlayerFindForm(forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=120)
    code = forms.CharField(label=_("Code on your receipt or seat card"),
                           max_length=CODE_LENGTH + 4)

    def clean_name(self) -> str:
        name = search_text(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Type your name as the desk wrote it."))
        return name

    def clean_code(self) -> str:
        code = "".join(self.cleaned_data["code"].split()).upper()
        if len(code) != CODE_LENGTH:
            raise forms.ValidationError(
                _("The code has %(n)s characters: it is printed under the QR code."),
                params={"n": CODE_LENGTH})
        return code
