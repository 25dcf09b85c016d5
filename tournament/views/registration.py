"""The registration desk: players, buy-ins, re-entries, rebuys, add-ons, seat cards."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournament.floor_port import floor
from tournament.forms.desk import (
    AccessibleSeatForm,
    BuyChipsForm,
    DeskSearchForm,
    ImportForm,
    UnregisterForm,
)
from tournament.forms.line import DeskLineJoinForm
from tournament.forms.reservations import ReservationLookupForm
from tournament.models import Entry, Payment, Player, Tournament
from tournament.permissions import DIRECTOR, REGISTRATION, role_required
from tournament.selectors.clock import desk_entries, reentries_open
from tournament.selectors.line import desk_line
from tournament.selectors.payouts import field_figures
from tournament.selectors.reservations import desk_reservations
from tournament.services import line as line_services
from tournament.services import registration as reg
from tournament.services import unregister
from tournament.services.base import now
from tournament.services.players import (
    live_entries_named,
    look_alikes,
    name_key,
    players_matching,
)
from tournament.views.common import HtmxHttpRequest, render_screen, run_service, tournament_or_404
from tournament.views.live import live_screen
from tournament.views.security import player_card


class RegisterForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.all(), required=False,
                                    widget=forms.HiddenInput)
    name = forms.CharField(
        label=gettext_lazy("Player name"), max_length=120, required=False,
        error_messages={"max_length": gettext_lazy(
            "This name is too long: at most %(limit_value)d characters (it has %(show_value)d).")})
    email = forms.EmailField(label=gettext_lazy("Email (optional)"), required=False)
    method = forms.ChoiceField(label=gettext_lazy("Payment"), choices=Payment.Method.choices,
                               initial=Payment.Method.CASH)
    accessible = forms.BooleanField(label=gettext_lazy("Needs an accessible seat"), required=False)
    confirm_new = forms.BooleanField(required=False, widget=forms.HiddenInput)
    # The buy-in of a reservation made before the day: its name and contact are the player's.
    reservation = forms.IntegerField(required=False, min_value=1, max_value=2**31 - 1,
                                     widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if "name" in self.errors:  # too long: its own message says so
            return data
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Type the player's name or pick a player."))
        return data


DESK_PAGE_SIZE = 50
BUY_KINDS = ("rebuy", "addon")


def _desk_context(request: HtmxHttpRequest, tournament: Tournament, form: RegisterForm,
                  **extra: Any) -> dict[str, Any]:
    search = DeskSearchForm(request.GET)
    query = search.query()
    page = Paginator(desk_entries(tournament, query), DESK_PAGE_SIZE).get_page(
        search.page_number())
    closed_reason = reg.registration_closed_reason(tournament)
    lookup = extra.pop("reservation_lookup", None) or ReservationLookupForm(request.GET)
    reservations = desk_reservations(tournament, lookup.typed(),
                                     registration_closed=closed_reason is not None,
                                     now=timezone.now())
    return {"line": _desk_line(tournament),
            "line_form": extra.pop("line_form", None) or DeskLineJoinForm(),
            "reservations": reservations, "reservation_lookup": lookup,
            "tournament": tournament, "form": form, "search": search, "query": query,
            "page": page, "entries": page.object_list, "figures": field_figures(tournament),
            "closed_reason": closed_reason,
            "may_reenter": reentries_open(tournament, page.object_list,
                                          closed=closed_reason is not None),
            "waiting": Entry.objects.filter(tournament=tournament,
                                            status=Entry.Status.WAITING).count(),
            "import_form": extra.pop("import_form", None) or ImportForm(),
            "refund_methods": UnregisterForm.base_fields["refund_method"].choices,
            "payment_methods": Payment.Method.choices,
            "line_now_ms": int(now().timestamp() * 1000), **extra}


def _desk_line(tournament: Tournament) -> dict[str, Any]:
    """The alternate line as the desk shows it; a call found past its deadline is passed
    over first (the desk's read makes it so when no worker has yet)."""
    at = now()
    line = desk_line(tournament.pk, at)
    if line_services.line_due(line["called"], at):
        line_services.line_reconcile(tournament_id=tournament.pk, at=at)
        line = desk_line(tournament.pk, at)
    line["joinable"] = line_services.line_joinable_refusal(tournament) is None
    return line


def desk_response(request: HtmxHttpRequest, tournament: Tournament, *, status: int = 200,
                  **extra: Any) -> HttpResponse:
    """The desk after an action of another module (the alternate line's)."""
    return _desk(request, tournament, status=status, **extra)


def _desk(request: HtmxHttpRequest, tournament: Tournament, form: RegisterForm | None = None,
          *, status: int = 200, **extra: Any) -> HttpResponse:
    context = _desk_context(request, tournament, form or RegisterForm(), **extra)
    # A search swaps only the list of entries; everything else answers with the whole desk.
    partial = "entries" if request.htmx and request.htmx.target == "desk-results" else "desk"
    return render_screen(request, "registration/desk.html", partial, context, status=status)


def desk_answer(request: HtmxHttpRequest, tournament: Tournament, *, status: int = 200,
                **extra: Any) -> HttpResponse:
    """The desk after an action taken from one of its panels (the reservations)."""
    return _desk(request, tournament, status=status, **extra)


@require_http_methods(["GET", "POST"])
@role_required(DIRECTOR, REGISTRATION)
@live_screen
def registration_desk(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = RegisterForm(request.POST or None)
    context: dict[str, Any] = {}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            player = d.get("player")

            def register() -> Entry | None:
                try:
                    return reg.entry_register(
                        actor=request.user, tournament_id=tournament.pk,
                        player_id=player.pk if player else None, player_name=d.get("name"),
                        email=d.get("email") or "", method=d["method"],
                        needs_accessible_seat=d["accessible"],
                        refuse_look_alikes=not d.get("confirm_new"),
                        reservation_id=d.get("reservation"))
                except reg.LookAlikeError as refusal:
                    context["similar"] = refusal.players
                    return None

            entry, error = run_service(request, register)
            if context.get("similar"):
                status = 409
            elif error:
                # The refused pick is not kept: the next name typed is a new attempt.
                data = request.POST.copy()
                data.pop("player", None)
                data.pop("reservation", None)
                form = RegisterForm(data)
                form.is_valid()
                form.add_error(None, error)
                status = 400
            else:
                context["registered"] = entry
                form = RegisterForm(initial={"method": d["method"]})
        else:
            status = 400
    response = _desk(request, tournament, form, status=status, **context)
    if request.htmx and context.get("registered") and request.POST.get("reservation"):
        # The reservation looked up is used now: the desk's address forgets the lookup.
        response["HX-Push-Url"] = request.path
    return response


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def player_search(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    players = players_matching(request.GET.get("name", "")[:120])
    return render(request, "registration/desk.html#player-results",
                  {"players": players, "tournament": tournament})


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def entry_buy_chips(request: HtmxHttpRequest, tournament_id: int, entry_id: int, kind: str
                    ) -> HttpResponse:
    """A rebuy or add-on: first ask how it is paid, then record it once confirmed."""
    if kind not in BUY_KINDS:
        raise Http404
    tournament = tournament_or_404(tournament_id)
    entry = Entry.objects.select_related("player").filter(tournament=tournament,
                                                          pk=entry_id).first()
    if entry is None:  # a stale desk, or an entry number typed by hand
        return _desk(request, tournament, action_error=_("That entry does not exist."),
                     status=400)
    form = BuyChipsForm(request.POST)
    addon = kind == "addon"
    price = tournament.addon_amount if addon else tournament.rebuy_amount
    chips = tournament.addon_chips if addon else tournament.rebuy_chips
    buying = {"entry": entry, "kind": kind, "form": form, "price": price, "chips": chips}
    if not form.is_valid() or not form.cleaned_data["confirm"]:
        if not form.is_bound or not form.errors:
            buying["form"] = BuyChipsForm(initial={"method": Payment.Method.CASH})
        return _desk(request, tournament, buying=buying,
                     status=400 if form.errors else 200)
    method = form.cleaned_data["method"]
    _event, error = run_service(request, lambda: reg.entry_rebuy(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id, addon=addon,
        method=method), form=form)
    if error:
        return _desk(request, tournament, action_error=error, status=400)
    done_text = (_("Add-on for %(name)s (#%(number)s): %(price)s paid by %(method)s.") if addon
                 else _("Rebuy for %(name)s (#%(number)s): %(price)s paid by %(method)s."))
    return _desk(request, tournament, action_notice=done_text % {
        "name": entry.player.name, "number": entry.number, "price": price,
        "method": Payment.Method(method).label})


@require_POST
@role_required(DIRECTOR, REGISTRATION)
def entry_accessible_view(request: HtmxHttpRequest, tournament_id: int, entry_id: int
                          ) -> HttpResponse:
    """Mark or clear a player's need for an accessible seat (house rule 8 / TDA 2024 9):
    the floor then moves them only to accessible seats."""
    tournament = tournament_or_404(tournament_id)
    form = AccessibleSeatForm(request.POST)
    if not form.is_valid():
        errors = " ".join(str(e) for field in form.errors.values() for e in field)
        return _desk(request, tournament, action_error=errors, status=400)
    needed = form.cleaned_data["needed"]
    _event, error = run_service(request, lambda: reg.entry_set_accessible(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id, needed=needed))
    if error:
        return _desk(request, tournament, action_error=error, status=400)
    entry = Entry.objects.select_related("player", "table").get(pk=entry_id)
    names = {"name": entry.player.name, "number": entry.number}
    if not needed:
        return _desk(request, tournament, action_notice=_(
            "%(name)s (#%(number)s) no longer needs an accessible seat.") % names)
    notice = [_("%(name)s (#%(number)s) needs an accessible seat.") % names]
    if not any(floor().open_tables(tournament).values_list("accessible_seats", flat=True)):
        notice.append(_("No seat is marked accessible yet: the director marks them on the "
                        "floor (Seats, under each table)."))
    elif entry.status == Entry.Status.SEATED and entry.seat not in (
            entry.table.accessible_seats or []):
        notice.append(_("Table %(table)s seat %(seat)s is not accessible: move them to an "
                        "accessible seat on the floor.") % {"table": entry.table.number,
                                                            "seat": entry.seat})
    return _desk(request, tournament, action_notice=" ".join(notice))


@require_POST
@role_required(DIRECTOR)
def entry_unregister_view(request: HtmxHttpRequest, tournament_id: int, entry_id: int
                          ) -> HttpResponse:
    tournament = tournament_or_404(tournament_id)
    form = UnregisterForm(request.POST)
    if not form.is_valid():
        errors = " ".join(str(e) for field in form.errors.values() for e in field)
        return _desk(request, tournament, action_error=errors, status=400)
    event, error = run_service(request, lambda: unregister.entry_unregister(
        actor=request.user, tournament_id=tournament.pk, entry_id=entry_id,
        refund_method=form.cleaned_data["refund_method"] or None))
    if error:
        return _desk(request, tournament, action_error=error, status=400)
    labels = dict(Payment.Method.choices)
    refunds = ", ".join(f"{amount} {labels.get(method, method)}"
                        for method, amount in event.payload["refunds"].items())
    return _desk(request, tournament, action_notice=_(
        "%(name)s (#%(number)s) unregistered: refunded %(refunds)s.") % {
        "name": event.payload["name"], "number": event.payload["number"], "refunds": refunds})


@require_POST
@role_required(DIRECTOR)
def entries_import_view(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """Pre-registration: preview the CSV (with look-alike names), then import it."""
    tournament = tournament_or_404(tournament_id)
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _desk(request, tournament, import_form=form, import_open=True, status=400)
    rows = form.cleaned_data["rows"]
    # The desk's rule: a player with a live entry here is not bought in twice.
    live = live_entries_named(tournament.pk, [r.name for r in rows])
    for row in rows:
        row.live_entry = live.get(name_key(row.name))
    to_import = [r for r in rows if r.live_entry is None]
    if not form.cleaned_data["confirm"]:
        seen: dict[str, int] = {}
        for row, alikes in zip(rows, look_alikes([r.name for r in rows]), strict=True):
            row.look_alikes = alikes
            key = " ".join(row.name.lower().split())
            if key in seen:
                row.look_alikes = [*alikes, _("line %(line)s") % {"line": seen[key]}]
            seen.setdefault(key, row.line)
        preview = ImportForm(initial={"csv_text": form.cleaned_data["csv_text"],
                                      "method": form.cleaned_data["method"], "confirm": True})
        return _desk(request, tournament, import_form=preview, import_open=True,
                     import_rows=rows, import_count=len(to_import))
    if not to_import:
        form.add_error(None, _("Everyone in the file already has a live entry: nobody to "
                               "import."))
        return _desk(request, tournament, import_form=form, import_open=True, status=400)
    _ids, error = run_service(request, lambda: reg.entries_import(
        actor=request.user, tournament_id=tournament.pk, names=[r.name for r in to_import],
        emails=[r.email for r in to_import], phones=[r.phone for r in to_import],
        method=form.cleaned_data["method"]))
    if error:
        form.add_error(None, error)
        return _desk(request, tournament, import_form=form, import_open=True, status=400)
    notice = [ngettext(
        "%(count)s player imported to the waiting list: draw the seats when everyone is in.",
        "%(count)s players imported to the waiting list: draw the seats when everyone is in.",
        len(to_import)) % {"count": len(to_import)}]
    if skipped := [r for r in rows if r.live_entry is not None]:
        notice.append(_("Not imported, already in with a live entry: %(names)s.") % {
            "names": ", ".join(f"{r.name} (#{r.live_entry})" for r in skipped)})
    return _desk(request, tournament, action_notice=" ".join(notice))


@require_POST
@role_required(DIRECTOR)
def seats_draw_view(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The one-shot random draw of everyone on the waiting list (house rule 6)."""
    tournament = tournament_or_404(tournament_id)
    seated, error = run_service(request, lambda: reg.seats_draw(
        actor=request.user, tournament_id=tournament.pk))
    if error:
        return _desk(request, tournament, action_error=error, status=400)
    return _desk(request, tournament, action_notice=ngettext(
        "%(count)s player seated by the draw.", "%(count)s players seated by the draw.",
        seated) % {"count": seated})


@require_GET
@role_required(DIRECTOR, REGISTRATION)
def seat_card(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A printable seat card with a QR code to the player's own seat page."""
    tournament = tournament_or_404(tournament_id)
    entry = get_object_or_404(Entry.objects.select_related("player", "table"),
                              tournament=tournament, number=number)
    card = player_card(request, tournament_id=tournament.pk, entry_id=entry.pk)
    return render(request, "registration/seat_card.html",
                  {"tournament": tournament, "entry": entry} | card)
