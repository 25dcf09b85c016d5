"""Read queries, one module per subject, each with a fixed number of SQL queries.

``payouts`` (the field and its payout table), ``clock`` (the clock snapshot the
screens poll, the TV's extras, hand-for-hand, the desk's look-ups), ``money``
(deals, prizes due, bounties, the cashier) and ``festival`` (chips in play,
stacks, leaderboards, days and events); ``rulings`` (the rulebook searches that
found no rule, the phrases taught to the search) and ``push`` (who has Web Push,
for the floor's seats) stand apart, and ``api`` reads
what each resource of the data API holds (the results CSV too). Imports run
festival <- payouts <- money <- clock, never back.
"""
