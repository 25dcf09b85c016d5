"""The largest amount of money or chips the site takes: 10^15 (pure, no Django).

Every amount and stack is a 64-bit column; 10^15 leaves room to spare for a
₩3,000,000,000 guarantee or a stack of 3 billion, keeps sums of thousands of
amounts within 64 bits, and keeps every amount exact in JavaScript and in any
JSON reader (below 2**53). Forms (``tournament.bounds.AmountField``), services
(``tournament.bounds.amount_refusal``) and the structure checks all use it.
"""

from __future__ import annotations

AMOUNT_MAX = 10**15
