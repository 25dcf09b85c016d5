"""Blind structures and their levels (the level arithmetic is ``tournament.domain.structures``)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.domain.structures import LevelSpec


class Structure(models.Model):
    """A list of levels. Templates are reusable; a tournament owns its own copy."""

    name = models.CharField(_("name"), max_length=120)
    is_template = models.BooleanField(_("template"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("structure")
        verbose_name_plural = _("structures")

    def __str__(self) -> str:
        return self.name


class Level(models.Model):
    class Kind(models.TextChoices):
        PLAY = "play", _("Level")
        BREAK = "break", _("Break")

    class AnteType(models.TextChoices):
        NONE = "none", _("No ante")
        BIG_BLIND = "bba", _("Big-blind ante")
        CLASSIC = "classic", _("Classic ante")

    structure = models.ForeignKey(Structure, on_delete=models.CASCADE, related_name="levels")
    order = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PLAY)
    # Chip amounts are 64-bit: a long structure's blinds pass PostgreSQL's 32-bit integer.
    small_blind = models.PositiveBigIntegerField(default=0)
    big_blind = models.PositiveBigIntegerField(default=0)
    ante = models.PositiveBigIntegerField(default=0)
    ante_type = models.CharField(max_length=8, choices=AnteType.choices, default=AnteType.NONE)
    duration = models.PositiveIntegerField(help_text=_("seconds"))
    color_up = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["structure_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["structure", "order"], name="level_order_unique"),
            models.CheckConstraint(condition=Q(duration__gt=0), name="level_duration_positive"),
            models.CheckConstraint(
                condition=Q(big_blind__gte=models.F("small_blind")), name="level_bb_ge_sb"
            ),
        ]

    def __str__(self) -> str:
        if self.is_break:
            return str(_("Break"))
        return f"{self.small_blind}/{self.big_blind}"

    @property
    def is_break(self) -> bool:
        return self.kind == self.Kind.BREAK

    @classmethod
    def from_spec(cls, spec: LevelSpec, *, structure: Structure, order: int) -> Level:
        """An unsaved level of ``structure`` at ``order``, from the domain's spec."""
        return cls(structure=structure, order=order, kind=spec.kind,
                   small_blind=spec.small_blind, big_blind=spec.big_blind, ante=spec.ante,
                   ante_type=spec.ante_type, duration=spec.duration,
                   color_up=list(spec.color_up))

    def to_spec(self) -> LevelSpec:
        """The domain's spec of this level (``from_spec`` goes the other way)."""
        return LevelSpec(
            kind=self.kind,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            ante_type=self.ante_type,
            duration=self.duration,
            color_up=tuple(self.color_up or ()),
        )
