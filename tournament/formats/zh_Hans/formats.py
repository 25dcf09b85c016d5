"""Chinese number formats for the card room: chips and money grouped by thousands.

Django's zh_Hans locale groups nothing (no separator); casino floors, chip
counts and cash desks in Chinese write 12,000 and 1,250,000.
"""

THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
