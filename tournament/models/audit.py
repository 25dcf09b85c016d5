"""The audit log: one event per action, the source of undo and of every screen's version."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.tournaments import Tournament


class AuditEvent(models.Model):
    """One row per change; undo writes a new event and links the old one to it."""

    class Kind(models.TextChoices):
        """Every kind of event the code records, with the label the log shows.

        ``record()`` refuses any other kind, so a new action adds its member
        here (the field itself carries no choices: a new kind needs no migration).
        Older rows may hold a kind no longer recorded; keep its member for the log.
        """

        TOURNAMENT_CREATED = "tournament_created", _("Tournament created")
        TOURNAMENT_UPDATED = "tournament_updated", _("Settings changed")
        TOURNAMENT_FINISHED = "tournament_finished", _("Tournament finished")
        STRUCTURE_EDITED = "structure_edited", _("Structure edited")
        STRUCTURE_TEMPLATE_SAVED = "structure_template_saved", _("Structure template saved")
        CLOCK_START = "clock_start", _("Clock started")
        CLOCK_START_UNDONE = "clock_start_undone", _("Start undone")
        CLOCK_PAUSE = "clock_pause", _("Clock paused")
        CLOCK_RESUME = "clock_resume", _("Clock resumed")
        CLOCK_NEXT_LEVEL = "clock_next_level", _("Next level")
        CLOCK_PREVIOUS_LEVEL = "clock_previous_level", _("Previous level")
        CLOCK_SET_TIME = "clock_set_time", _("Time left set")
        CLOCK_ADD_TIME = "clock_add_time", _("Time added or removed")
        LEVEL_STARTED = "level_started", _("Level started")
        LATE_REGISTRATION_CLOSED = "late_registration_closed", _("Late registration closed")
        TABLES_ADDED = "tables_added", _("Tables added")
        TABLE_BUTTON_SET = "table_button_set", _("Button set")
        TABLE_BREAK_ORDER_SET = "table_break_order_set", _("Break order set")
        TABLE_SEATS_SET = "table_seats_set", _("Blocked and accessible seats set")
        ENTRY_ACCESSIBLE_SET = "entry_accessible_set", _("Accessible seat need set")
        TABLES_REMOVED = "tables_removed", _("Tables removed")
        TABLES_RESTORED = "tables_restored", _("Tables restored")
        PLAYER_CREATED = "player_created", _("Player created")
        ENTRY_REGISTERED = "entry_registered", _("Registered")
        ENTRIES_IMPORTED = "entries_imported", _("Entries imported")
        SEATS_DRAWN = "seats_drawn", _("Seats drawn")
        ENTRY_UNREGISTERED = "entry_unregistered", _("Unregistered and refunded")
        ENTRY_REINSTATED = "entry_reinstated", _("Registration restored")
        ENTRY_REBUY = "entry_rebuy", _("Rebuy")
        ENTRY_ADDON = "entry_addon", _("Add-on")
        ENTRY_REBUY_UNDONE = "entry_rebuy_undone", _("Rebuy taken back")
        ENTRY_ADDON_UNDONE = "entry_addon_undone", _("Add-on taken back")
        WAITING_LIST_SEATED = "waiting_list_seated", _("Waiting list seated")
        ENTRY_BUSTED = "entry_busted", _("Bust-out")
        ENTRY_BUST_UNDONE = "entry_bust_undone", _("Bust-out undone")
        ENTRY_MOVED = "entry_moved", _("Player moved")
        ENTRY_SEATED = "entry_seated", _("Player seated")
        MOVE_DONE = "move_done", _("Move made")
        TABLES_BALANCED = "tables_balanced", _("Tables balanced")
        HAND_FOR_HAND = "hand_for_hand", _("Hand-for-hand on/off")
        HAND_NEXT = "hand_next", _("Next hand (hand-for-hand)")
        RULING_LOG = "ruling_log", _("Ruling logged")
        RULEBOOK_PHRASE_TAUGHT = "rulebook_phrase_taught", _("Phrase taught to the rulebook search")
        RULEBOOK_PHRASE_FORGOTTEN = "rulebook_phrase_forgotten", _(
            "Phrase removed from the rulebook search")
        EVENT_EXPORTED = "event_exported", _("Backup downloaded")
        DEAL_RECORDED = "deal_recorded", _("Deal recorded")
        DEAL_UNDONE = "deal_undone", _("Deal undone")
        PRIZE_PAID = "prize_paid", _("Prize paid")
        PRIZE_PAID_UNDONE = "prize_paid_undone", _("Prize payment undone")
        BOUNTY_PAID = "bounty_paid", _("Bounty paid")
        BOUNTY_PAID_UNDONE = "bounty_paid_undone", _("Bounty payment undone")
        WEBHOOK_ADDED = "webhook_added", _("Webhook added")
        WEBHOOK_REMOVED = "webhook_removed", _("Webhook removed")
        WEBHOOK_REDELIVERED = "webhook_redelivered", _("Webhook sent again")
        LEAGUE_CREATED = "league_created", _("League created")
        LEAGUE_UPDATED = "league_updated", _("League changed")
        PLAYER_COUNTRIES_SET = "player_countries_set", _("Countries set")
        CHIPS_COUNTED = "chips_counted", _("Chips counted")
        CHIPS_BAGGED = "chips_bagged", _("Stacks bagged")
        CHIPS_COUNT_UNDONE = "chips_count_undone", _("Counts taken back")
        CHIPS_REMOVED = "chips_removed", _("Chips removed at a colour-up")
        COUNT_TOLERANCE_SET = "count_tolerance_set", _("Count tolerance set")
        DAY_END_SCHEDULED = "day_end_scheduled", _("End of day set for the end of the level")
        DAY_ENDED = "day_ended", _("Day ended")
        DAY_RESUMED = "day_resumed", _("Day goes on")
        DAY_BAGGED = "day_bagged", _("Flight bagged")
        BAG_CORRECTED = "bag_corrected", _("Bag corrected")
        FLIGHT_ADDED = "flight_added", _("Flight added to an event")
        DAY2_DRAWN = "day2_drawn", _("Day 2 drawn")
        DAY2_WITHDRAWN = "day2_withdrawn", _("Day 2 draw taken back")
        CHIPS_REMOVED_UNDONE = "chips_removed_undone", _("Colour-up taken back")
        ANNOUNCEMENT_SET = "announcement_set", _("Announcement on the TV")
        LOGO_SET = "logo_set", _("Logo uploaded")
        LOGO_REMOVED = "logo_removed", _("Logo removed")
        EVENT_CREATED = "event_created", _("Event created")
        EVENT_UPDATED = "event_updated", _("Event changed")
        LOGIN_LOCKED = "login_locked", _("Sign-in locked")
        STAFF_CREATED = "staff_created", _("Staff member added")
        STAFF_ROLES_CHANGED = "staff_roles_changed", _("Staff roles changed")
        STAFF_ENABLED = "staff_enabled", _("Staff member enabled")
        STAFF_DISABLED = "staff_disabled", _("Staff member disabled")
        STAFF_PASSWORD_RESET = "staff_password_reset", _("Staff password reset")
        PASSWORD_CHANGED = "password_changed", _("Password changed")
        DEALER_ADDED = "dealer_added", _("Dealer added")
        DEALER_CLOCKED_IN = "dealer_clocked_in", _("Dealer clocked in")
        DEALER_CLOCKED_OUT = "dealer_clocked_out", _("Dealer clocked out")
        DEALER_EARLY_OUT = "dealer_early_out", _("Dealer's early out set")
        DEALERS_FOLLOWED = "dealers_followed", _("Dealers follow the tables")
        DEALER_PUSH = "dealer_push", _("Dealer push")
        DEALER_SWAPPED = "dealer_swapped", _("Dealer swapped")
        LINE_JOINED = "line_joined", _("Joined the alternate line")
        LINE_CALLED = "line_called", _("Alternates called")
        LINE_PASSED = "line_passed", _("Alternate passed over")
        LINE_REMOVED = "line_removed", _("Alternate removed from the line")
        LINE_REMOVED_UNDONE = "line_removed_undone", _("Alternate put back in line")
        LINE_CLOSED = "line_closed", _("Alternate line closed")
        RESERVATION_MADE = "reservation_made", _("Reservation made")
        RESERVATION_CANCELLED = "reservation_cancelled", _("Reservation cancelled")
        KIOSK_STARTED = "kiosk_started", _("Kiosk opened at the entrance")
        KIOSK_ENDED = "kiosk_ended", _("Kiosk closed")
        DEALER_RULES_CHANGED = "dealer_rules_changed", _("Dealers' rotation rules changed")


        @classmethod
        def undone(cls, kind: str) -> AuditEvent.Kind:
            """The kind that records ``kind`` taken back (``prize_paid`` -> ``prize_paid_undone``)."""
            return cls(f"{kind}_undone")

        @classmethod
        def label_of(cls, kind: str) -> str:
            """The log's label for ``kind``; an unknown kind (an old row) as it is."""
            try:
                return str(cls(kind).label)
            except ValueError:
                return kind

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(db_index=True)
    undone_by = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="undoes"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "kind"])]

    def __str__(self) -> str:
        return f"{self.kind} @ {self.created_at:%H:%M:%S}"
