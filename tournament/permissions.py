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


def has_role(user, *roles: str) -> bool:
    return bool(roles_of(user) & set(roles))


def role_required(*roles: str):
    """View decorator: the user must hold one of ``roles`` (a director holds all).

    Anonymous users are sent to the login page on GET and refused on any other
    method; a logged-in user without the role gets 403.
    """
    from functools import wraps

    from django.contrib.auth.views import redirect_to_login
    from django.core.exceptions import PermissionDenied

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                if request.method in ("GET", "HEAD"):
                    return redirect_to_login(request.get_full_path())
                raise PermissionDenied
            if not has_role(request.user, *roles):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.required_roles = roles
        return wrapped

    return decorator


STAFF = (DIRECTOR, FLOOR, REGISTRATION)
