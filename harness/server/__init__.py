"""`arena ladder serve` (rule: strangers' requests are bounded in time, memory and
connections before they are trusted; no Rich, no Typer; the ladders' services do the work,
harness/views/web draws the pages): an HTTP API in front of a ladders database (app.py),
uvicorn with its caps (serving.py), its authors' tokens (auth.py), uploaded bots
(uploads.py, tarstream.py), their validation (jobs.py, validate.py), the CLI's remote side
(client.py), and the ladders' web pages (pages.py); its commands are harness/cli/server.py.
See docs/ladders.md, "Run a ladder for others"."""
