"""Players' names and contacts: a name tidied and bounded, an email and a phone number
checked, a column of contacts from a file, a new player, and a known player's missing
contact filled in from a reservation."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from tournament.models import Player
from tournament.services.base import ServiceError

NAME_MAX = Player._meta.get_field("name").max_length
PHONE_MAX = Player._meta.get_field("phone").max_length
PHONE_CHARACTERS = re.compile(r"^[0-9+()./ -]*$")


def clean_name(name: str) -> str:
    """A player's name with its spaces tidied; refused when empty, too long or unprintable."""
    name = " ".join((name or "").split())
    if not name:
        raise ServiceError(_("A player needs a name."), field="name")
    if len(name) > NAME_MAX:
        raise ServiceError(_("A name has at most %(count)s characters.") % {"count": NAME_MAX},
                           field="name")
    if not name.isprintable():
        raise ServiceError(_("A name cannot contain control characters."), field="name")
    return name


def player_contact_fill(player: Player, *, email: str, phone: str, language: str) -> None:
    """A known player who reserved: their language is the one they chose now, and a contact
    they gave is kept where the record had none (the desk never overwrites one)."""
    changed = []
    for field, value in (("email", email), ("phone", phone)):
        if value and not getattr(player, field):
            setattr(player, field, value)
            changed.append(field)
    if language and player.language != language:
        player.language = language
        changed.append("language")
    if changed:
        player.save(update_fields=changed)


def new_player(*, name: str, nickname: str = "", email: str = "", phone: str = "",
               notes: str = "") -> Player:
    """A new player, the name cleaned (``clean_name``) and the rest stripped of spaces."""
    name = clean_name(name)
    return Player.objects.create(name=name, nickname=nickname.strip(), email=email.strip(),
                                 phone=phone.strip(), notes=notes.strip())


def contact_column(values: list[str] | None, count: int, clean) -> list[str]:
    """A file's column of emails or phones, one per name and each cleaned by ``clean``;
    blanks for every name when the file has none."""
    if values is None:
        return [""] * count
    if len(values) != count:
        raise ServiceError(_("Every line needs its own email and phone (or none)."))
    return [clean((v or "").strip()) for v in values]


def clean_email(email: str) -> str:
    if email:
        try:
            if len(email) > Player._meta.get_field("email").max_length:
                raise ValidationError("too long")
            validate_email(email)
        except ValidationError as exc:
            raise ServiceError(_("“%(email)s” is not an email address.")
                               % {"email": email[:60]}) from exc
    return email


def clean_phone(phone: str) -> str:
    if len(phone) > PHONE_MAX or not PHONE_CHARACTERS.match(phone):
        raise ServiceError(_("A phone number has digits, spaces and + ( ) - . / only, at most "
                             "%(phone_max)s.") % {"phone_max": PHONE_MAX})
    return phone
