"""Roles of DESIGN §8: Director, Floor, Registration. A director may do everything."""

from django.contrib.auth.models import AnonymousUser

DIRECTOR = "Director"
FLOOR = "Floor"
REGISTRATION = "Registration"
ROLES = (DIRECTOR, FLOOR, REGISTRATION)


def roles_of(user) -> frozenset[str]:
    if user is None or isinstance(user, AnonymousUser) or not user.is_authenticated:
        return frozenset()
    if user.is_superuser:
        return frozenset(ROLES)
    names = getattr(user, "_floorman_roles", None)
    if names is None:
        names = frozenset(user.groups.values_list("name", flat=True))
        user._floorman_roles = names
    if DIRECTOR in names:
        return frozenset(ROLES)
    return names
