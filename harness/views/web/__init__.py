"""The ladder server's web pages (`arena ladder serve`): html.py (escaping, links, tables,
the page around them), chart.py (the rating chart as SVG), board.py (a board's Rich text
as HTML), pages.py (the pages), arena.css (their one stylesheet). HTML only: no script,
no inline style, nothing from another site; every name a bot's author chose is escaped."""
