"""The floor's rules, pure (no Django): seating (house 6-7), balancing and breaking
(house 9, 9-C, final table 10), the dealers' rotation."""
