"""The floor's rules, pure (no Django): a table and its positions (``table``), seating
(house 6-7, ``seating``), balancing and breaking (house 9, 9-C, final table 10,
``balancing``) into a plan (``plan``: its moves and rules, applied), buttons, the
two-step draw, the dealers' rotation."""
