"""A player's phone: finding their own page (name and the short code on their card), and
the Web Push subscription it sends."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

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


def _b64url_bytes(value: str) -> int | None:
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (binascii.Error, ValueError):
        return None


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


class PushSubscriptionForm(forms.Form):
    """A browser's PushSubscription (its JSON), bounded: what the phone may ask us to keep."""

    endpoint = forms.URLField(max_length=500)
    p256dh = forms.CharField(max_length=100)
    auth = forms.CharField(max_length=40)
    language = forms.CharField(max_length=10, required=False)

    def clean_endpoint(self) -> str:
        endpoint = self.cleaned_data["endpoint"]
        host = endpoint.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
        if not endpoint.startswith("https://") and host not in LOOPBACK_HOSTS:
            raise forms.ValidationError(_("A push service is reached over HTTPS."))
        return endpoint

    def clean_p256dh(self) -> str:
        key = self.cleaned_data["p256dh"]
        if _b64url_bytes(key) != 65:
            raise forms.ValidationError(_("Not a browser's push key."))
        return key

    def clean_auth(self) -> str:
        secret = self.cleaned_data["auth"]
        if _b64url_bytes(secret) != 16:
            raise forms.ValidationError(_("Not a browser's push secret."))
        return secret


PUSH_BODY_MAX = 4096


def push_subscription_form(body: bytes) -> tuple[PushSubscriptionForm | None, dict[str, Any], str]:
    """Read a phone's PushSubscription JSON: (the bound form, the JSON sent, "") or
    (None, {}, why it is refused). The player's page and a place in line both send one."""
    if len(body) > PUSH_BODY_MAX:
        return None, {}, str(_("Too long."))
    try:
        sent = json.loads(body)
        data = {"endpoint": sent["endpoint"], "p256dh": sent["keys"]["p256dh"],
                "auth": sent["keys"]["auth"], "language": sent.get("language", "")}
    except (ValueError, KeyError, TypeError):
        return None, {}, str(_("Not a push subscription."))
    form = PushSubscriptionForm({k: v if isinstance(v, str) else "" for k, v in data.items()})
    if not form.is_valid():
        return None, sent, " ".join(m for ms in form.errors.values() for m in ms)
    return form, sent, ""
