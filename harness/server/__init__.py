"""`arena ladder serve`: an HTTP API in front of a ladders database (app.py), its authors'
tokens (auth.py), uploaded bots (uploads.py), their validation (jobs.py), and the CLI's
remote side (client.py), and the ladders' web pages (pages.py, drawn by harness/views/web);
its commands are harness/cli/server.py. See docs/ladders.md, "Run
a ladder for others"."""
