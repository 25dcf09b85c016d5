"""The tournament's rules, pure: no Django, no clock read (``now`` is passed), randomness
only from an injected ``random.Random``. Amounts, bounties, bubble, clock, deals, festival,
leagues, names, payouts, signing, structures; errors in ``errors.py``."""
