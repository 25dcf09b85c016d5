"""``manage.py`` commands of the floor (``load_demo``: a demo room)."""
