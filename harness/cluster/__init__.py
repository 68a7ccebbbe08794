"""Running games on Ray, on one machine or many: starting, joining and leaving Ray
(session.py), sending work to it with bounded work in flight and retrying the
infrastructure's failures elsewhere (dispatch.py), and what each machine does with a task:
its bot files fetched through Ray into its own cache, checked by hash, and laid out
(node.py), and the games it plays there for tournaments and ladders alike (games.py); what
a driver ships (cargo.py). Nothing here assumes a disk shared between machines; no
database, no Rich, no Typer; of harness/ only play and the sandbox."""
