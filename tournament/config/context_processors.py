from django.http import HttpRequest

from tournament.permissions import roles_of


def roles(request: HttpRequest) -> dict:
    return {"roles": roles_of(request.user)}
