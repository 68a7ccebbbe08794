"""Frozen v1 copies of the rule-based bots, kept to reproduce comparisons."""
