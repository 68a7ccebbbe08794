"""The root `arena` command: its options (`--version`, `--verbose`); every command module
of this package adds its commands to `app` (harness/cli/main.py imports them all)."""

from __future__ import annotations

from typing import Annotated

import typer

from harness.views.console import out

app = typer.Typer(
    name="arena",
    help="Dynasty Arena: game engines, bots, tournaments, rating pools and ladders.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click help: wraps at 80 columns, never cuts defaults
)


def _version(value: bool) -> None:
    if value:
        out.print(f"arena {_package_version()}", highlight=False)
        raise typer.Exit(0)


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dynasty-arena")
    except PackageNotFoundError:  # run from a checkout that is not installed
        return "unknown (not installed)"


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="print the version and exit")] = False,
        verbose: Annotated[bool, typer.Option(
            "--verbose", help="show Ray's start-up lines and worker logs")] = False) -> None:
    """Dynasty Arena: game engines, bots, tournaments, rating pools and ladders."""
    if verbose:
        import os

        os.environ["ARENA_VERBOSE"] = "1"
