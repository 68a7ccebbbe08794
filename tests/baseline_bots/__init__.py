"""Frozen v1 copies of the first rule-based bots: the tests play today's bots against them."""
