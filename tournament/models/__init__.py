"""Tournament data, a module per subject; every model is importable from here.

Models are thin: fields, choices, constraints and simple properties. Every
change of tournament state goes through a service in ``tournament.services``.

- ``structures``: blind structures and their levels
- ``tournaments``: a tournament, its settings and its clock
- ``entries``: players, entries, payments
- ``audit``: the audit log
- ``rulings``: floor rulings
- ``workers``: pending seat messages, heartbeats
- ``festival``: events, flights, chip counts, bags, Day 2 advances
- ``money``: deals and bounties
- ``leagues``, ``webhooks``
- ``players``: players' phones (Web Push subscriptions)
- ``line``: the alternate line (players not yet paid, waiting for a place)
- ``reservations``: reservations made before the day (public page, kiosk)
- ``accounts``: failed staff logins (the lock-out counts)
- ``idempotency``: each staff write's outcome, by the key its page made
"""

from tournament.models.accounts import LoginFailure
from tournament.models.audit import AuditEvent
from tournament.models.entries import Entry, Payment, Player
from tournament.models.festival import Advance, ChipCount, ChipRemoval, Event, Flight
from tournament.models.idempotency import IdempotentRequest
from tournament.models.leagues import League
from tournament.models.line import LineSpot
from tournament.models.money import BountyAward, Deal, DealShare
from tournament.models.players import PushSubscription
from tournament.models.reservations import Reservation
from tournament.models.rulings import RulebookSearch, Ruling, TaughtPhrase
from tournament.models.structures import Level, Structure
from tournament.models.tournaments import Clock, Tournament
from tournament.models.webhooks import WebhookDelivery, WebhookEndpoint
from tournament.models.workers import Heartbeat, PendingNotification

__all__ = [
    "Advance", "AuditEvent", "BountyAward", "ChipCount", "ChipRemoval", "Clock",
    "Deal", "DealShare", "Entry", "Event", "Flight", "Heartbeat", "IdempotentRequest", "League",
    "Level", "LineSpot", "LoginFailure", "Payment", "PendingNotification", "Player",
    "PushSubscription", "Reservation", "RulebookSearch", "Ruling", "Structure", "TaughtPhrase",
    "Tournament", "WebhookDelivery",
    "WebhookEndpoint",
]
