"""`python -m harness.cli`: the `arena` command."""

from harness.cli.main import main

main()
