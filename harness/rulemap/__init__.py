"""The rule map: which tests check which rule of each game (`arena rules coverage`).

items.py reads the rule items of a game's rules reference (docs/rules/<id>.md), marks.py
reads the tests' `rule` markers from the test sources with ast (no test is imported or
run), mapping.py joins them: every item with its tests, the gaps (an item without a test, a
marker naming no item), and the generated coverage section of the page. Reads files only:
no Rich, no Typer, no game named.
"""
