"""The dealers' screens: the coordinator's board, a dealer's own page, the payroll."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time, timedelta

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tables.domain import dealers as rot
from tables.models import Dealer, DealerBreak, DealerDown, DealerShift
from tables.selectors.floor import DEFAULT_SECTION
from tables.services.dealers import dealers_version, load_room, rules_of, rules_read

# The board asks the pure engine (``tables.domain.dealers.plan``) over the room as
# stored: tables, dealers, clocks and each running tournament's levels, whatever the size.


def _hm(at: datetime | None) -> str:
    return timezone.localtime(at).strftime("%H:%M") if at else ""


def reason_text(line: rot.Line) -> str:
    params = {k: (_hm(v) if isinstance(v, datetime) else v) for k, v in line.params}
    template = rot.REASONS.get(line.reason, "")
    return _(template) % params if template else ""


def shortage_text(shortage: rot.Shortage) -> str:
    """"3 tables without a relief dealer at 14:30" (``rot.SHORTAGES``)."""
    values = {"count": shortage.count, "at": _hm(shortage.at)}
    if shortage.kind == "waiting":
        return ngettext("%(count)s table waiting for a dealer at %(at)s",
                        "%(count)s tables waiting for a dealer at %(at)s", shortage.count) % values
    return ngettext("%(count)s table without a relief dealer at %(at)s",
                    "%(count)s tables without a relief dealer at %(at)s", shortage.count) % values


def dealer_board(*, first: int | None = None, last: int | None = None, at: datetime | None = None
          ) -> dict:
    """The coordinator's board: the next push, each table's dealer now and next, the
    breaks with their return times, the pool, the early-out list, shortages.

    The version is read first: a change committing while the rows are read
    leaves the board one version behind, so its next poll redraws it."""
    version = dealers_version()
    at = at or timezone.now()
    rules_row = rules_read()
    rules = rules_of(rules_row)
    room, tables, rows = load_room(at)
    plan = rot.plan(room, rules, at)
    name = {pk: str(d) for pk, d in rows.items()}
    now_at = {d.table_id: d for d in rows.values() if d.status == Dealer.Status.DEALING}
    fill_at = {line.table: line.dealer for line in plan.fills}
    push_to = {line.table: line for line in plan.push.lines if line.kind == "push"}
    after_push = {line.dealer: line for line in plan.push.lines if line.kind in ("break", "pool")}
    section = [t for t in tables.values()
               if (first is None or t.number >= first) and (last is None or t.number <= last)]
    sectioned = first is not None or last is not None
    if not sectioned and len(section) > DEFAULT_SECTION:
        section, sectioned = section[:DEFAULT_SECTION], True
    table_rows = []
    for table in section:
        dealer = now_at.get(table.pk)
        nxt = push_to.get(table.pk)
        table_rows.append({
            "pk": table.pk, "number": table.number, "tournament": table.tournament.name,
            "dealer": str(dealer) if dealer else "", "until": _hm(dealer.due) if dealer else "",
            "waiting": dealer is None, "fill": name.get(fill_at.get(table.pk), ""),
            "next": name.get(nxt.dealer, "") if nxt else "",
            "next_why": reason_text(nxt) if nxt else "",
            "then": (after_push[dealer.pk].kind if dealer and dealer.pk in after_push else ""),
        })
    out = sorted((d for d in rows.values() if d.status == Dealer.Status.OUT),
                 key=lambda d: (d.early_out, d.since or at))
    breaks = sorted((d for d in rows.values() if d.status == Dealer.Status.BREAK),
                    key=lambda d: d.until or at)
    early = [rows[k] for k in plan.early_out if k in rows]
    return {
        "at": at, "rules": rules, "rules_row": rules_row, "version": version,
        "push_at": plan.push.at, "push_at_label": _hm(plan.push.at),
        "push_iso": plan.push.at.isoformat() if plan.push.at else "",
        "push_count": len(push_to), "push_due": plan.push.at is not None and plan.push.at <= at
        + timedelta(minutes=2),
        "tables": table_rows, "tables_total": len(tables), "section": (first, last)
        if sectioned else None,
        "waiting": sum(1 for t in tables if t not in now_at),
        "breaks": [{"dealer": d, "until": _hm(d.until)} for d in breaks],
        "pool": [{"dealer": d, "since": _hm(d.since), "early_out": d.early_out} for d in out],
        "early_out": early, "shortages": [shortage_text(s) for s in plan.shortages],
        "dealers_on_shift": len(rows),
        "off_shift": list(Dealer.objects.filter(active=True, status=Dealer.Status.OFF)
                          .order_by("name")[:1000]),
        "roster": list(Dealer.objects.filter(active=True).order_by("name")[:1000]),
    }


def dealer_page(dealer: Dealer, *, at: datetime | None = None) -> dict:
    """A dealer's own page: where they are now and what comes next
    ("Table 57 at 14:30, then break until 15:20"); the version read first, as on the board."""
    version = dealers_version()
    at = at or timezone.now()
    now_line = next_line = then_line = ""
    if dealer.status == Dealer.Status.DEALING and dealer.table_id:
        now_line = _("Table %(number)s now, until %(at)s") % {
            "number": dealer.table.number, "at": _hm(dealer.due)}
    elif dealer.status == Dealer.Status.BREAK:
        now_line = _("On break until %(at)s") % {"at": _hm(dealer.until)}
    elif dealer.status == Dealer.Status.OUT:
        now_line = _("In the pool since %(at)s") % {"at": _hm(dealer.since)}
    else:
        now_line = _("Off shift")
    if dealer.status != Dealer.Status.OFF:
        rules = rules_of(rules_read())
        room, tables, _rows = load_room(at)
        plan = rot.plan(room, rules, at)
        for line in plan.fills + plan.push.lines:
            if line.dealer != dealer.pk:
                continue
            if line.kind in ("push", "fill"):
                next_line = _("Table %(number)s at %(at)s") % {
                    "number": tables[line.table].number, "at": _hm(line.at)}
            elif line.kind == "break":
                then_line = _("then break until %(at)s") % {"at": _hm(line.until)}
            elif line.kind == "pool" and line.reason == "to_pool":
                then_line = _("then back to the pool at %(at)s") % {"at": _hm(line.at)}
    return {"dealer": dealer, "now_line": now_line, "next_line": next_line,
            "then_line": then_line, "version": version}


def dealer_ledger(day: date) -> list[dict]:
    """Payroll: downs per dealer per tournament on ``day``, breaks taken and early-outs.
    Four queries whatever the number of dealers."""
    start = timezone.make_aware(datetime.combine(day, time.min))
    end = start + timedelta(days=1)
    downs = (DealerDown.objects.filter(started_at__gte=start, started_at__lt=end)
             .values("dealer_id", "tournament_id", "tournament__name")
             .annotate(n=Count("id")).order_by("dealer_id", "tournament_id"))
    breaks = dict(DealerBreak.objects.filter(started_at__gte=start, started_at__lt=end)
                  .values_list("dealer_id").annotate(n=Count("id")))
    early = dict(DealerShift.objects.filter(clocked_out_at__gte=start, clocked_out_at__lt=end)
                 .values_list("dealer_id").annotate(n=Count("id", filter=Q(early_out=True))))
    per: dict[int, list] = defaultdict(list)
    for row in downs:
        per[row["dealer_id"]].append(row)
    ids = set(per) | set(breaks) | {k for k, v in early.items() if v}
    names = {d.pk: d for d in Dealer.objects.filter(pk__in=ids)}
    lines = []
    for pk in sorted(ids, key=lambda k: (names[k].name, k)):
        for row in per.get(pk) or [{"tournament_id": None, "tournament__name": "", "n": 0}]:
            lines.append({"dealer": pk, "name": names[pk].name, "name_zh": names[pk].name_zh,
                          "day": day.isoformat(), "tournament": row["tournament_id"],
                          "tournament_name": row["tournament__name"], "downs": row["n"],
                          "breaks": breaks.get(pk, 0), "early_outs": early.get(pk, 0)})
    return lines

