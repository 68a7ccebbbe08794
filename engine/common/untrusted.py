"""Text that a bot or its author wrote (names, reasons, logs, answers), on its way to a screen.

Such text is hostile until proven otherwise: Rich markup in it (`[/]`, `[link=...]`) must
print as the characters it is, and control characters (ESC sequences that move the cursor,
erase lines or write the clipboard; carriage returns; bidirectional overrides) must not
reach the terminal. `visible` spells every control and format character as a backslash
escape, `markup` also escapes Rich markup for `Console.print(..., markup=True)`, and
`text` gives a `rich.text.Text` (never parsed as markup) for tables. Machine-readable
output (JSON, CSV, the database) keeps the exact text: only screens use these.

`check_name` is the rule for names people choose (ladder entrants, ladders, tournament
labels): printable, no markup brackets or backslashes, bounded length, at most `MARKS_MAX`
combining marks on one character.
"""

from __future__ import annotations

import re
import unicodedata

from rich.markup import escape
from rich.text import Text

#: longest name a person may choose (ladders, entrants, labels)
NAME_MAX = 40
#: characters a name may not hold besides non-printable ones: Rich markup and escapes
NAME_FORBIDDEN = "[]\\"
#: combining marks a name may stack on one character (Unicode TR39 5.4 suggests four)
MARKS_MAX = 4


def _spell(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(s: str, keep_newlines: bool = False) -> str:
    """`s` with every control or format character (Unicode categories Cc, Cf, Cs, Co, Cn,
    Zl, Zp) written as a backslash escape; newlines kept only with `keep_newlines`."""
    if s.isprintable():
        return s
    out = []
    for ch in s:
        if ch.isprintable() or (keep_newlines and ch == "\n"):
            out.append(ch)
        else:
            out.append(_spell(ch))
    return "".join(out)


def markup(s: str, keep_newlines: bool = False) -> str:
    """`s` made visible and escaped for Rich markup (the literal characters print)."""
    return escape(visible(s, keep_newlines))


def tail(log: str, n: int) -> list[str]:
    """The last `n` lines of a log (a bot's stderr), each made visible: split first, so a
    line break stays a line break and nothing inside a line moves the cursor."""
    return [visible(line) for line in log.strip().splitlines()[-n:]] if n > 0 else []


#: a line that names an error (Python's `ValueError: ...`, Node's `SyntaxError: ...` or
#: `Error: Cannot find module ...`, Java's `Exception in thread ...`)
_ERROR_LINE = re.compile(r"^(\w+[.:])*\w*(Error|Exception|Exit|Interrupt)\b|^Exception in "
                         r"|^(error|fatal|panic)\b", re.I)
#: lines after the error that name no error: stack frames, a runtime's version
_NOISE = re.compile(r"^(at |File |\^|\{|\}|code:|requireStack|Node\.js v|Traceback)")


def error_line(lines: list[str]) -> str:
    """The line of a program's stderr (stripped, non-empty lines) that names its error:
    the last one that looks like an error, else the last that is no stack frame or version
    line, else the last line."""
    for line in reversed(lines):
        if _ERROR_LINE.search(line):
            return line
    for line in reversed(lines):
        if not _NOISE.search(line):
            return line
    return lines[-1] if lines else ""


def excerpt(log: str, head: int = 4, tail_lines: int = 8) -> list[str]:
    """The lines of a log (a bot's stderr) a person needs when it failed: its first `head`
    lines (where runtimes such as Node put the file and line of a syntax error), its error
    line if that lies between (`error_line`'s pattern), its last `tail_lines`, and lines
    saying how many were left out; each made visible."""
    lines = log.strip().splitlines()
    if len(lines) <= head + tail_lines + 1:
        return [visible(line) for line in lines]
    middle = lines[head:len(lines) - tail_lines]
    found = [i for i, line in enumerate(middle) if _ERROR_LINE.search(line.strip())]
    keep = [f"[... {len(middle)} lines ...]"]
    if found:  # the error line itself, between its stack frames
        i = found[-1]
        keep = [*([f"[... {i} lines ...]"] if i else []), visible(middle[i]),
                *([f"[... {len(middle) - i - 1} lines ...]"] if i < len(middle) - 1 else [])]
    return [*(visible(line) for line in lines[:head]), *keep,
            *(visible(line) for line in lines[-tail_lines:])]


def text(s: str, style: str = "") -> Text:
    """A Rich Text of `s` made visible: for table cells, which would parse a str as markup."""
    return Text(visible(s), style=style)


def check_name(name: str, what: str = "name", max_len: int = NAME_MAX) -> str:
    """`name` if a person may choose it, else ValueError with one line saying why."""
    shown = visible(name)
    if not name or not name.strip():
        raise ValueError(f"{what} must not be empty")
    if name != name.strip():
        raise ValueError(f"{what} '{shown}' starts or ends with a space")
    if len(name) > max_len:
        raise ValueError(f"{what} '{shown[:max_len]}'... is longer than {max_len} characters")
    bad = [ch for ch in name if not ch.isprintable() or ch in NAME_FORBIDDEN]
    if bad:
        spelled = ", ".join(dict.fromkeys(visible(ch) if ch.isprintable() else _spell(ch)
                                          for ch in bad))
        raise ValueError(f"{what} '{shown}' holds characters a name cannot have ({spelled}); "
                         "a name is printable characters except '[', ']' and '\\'")
    if unicodedata.normalize("NFC", name) != name:
        raise ValueError(f"{what} '{shown}' is not in Unicode normal form (NFC)")
    if _stacked_marks(name) > MARKS_MAX:
        raise ValueError(f"{what} '{shown}' stacks more than {MARKS_MAX} combining marks on "
                         "one character (they would be drawn over the lines around it)")
    return name


def _stacked_marks(name: str) -> int:
    """The most combining (nonspacing or enclosing) marks in a row in `name`."""
    most = run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


def fold(name: str) -> str:
    """The form two names are compared in: without regard to case."""
    return unicodedata.normalize("NFC", name).casefold()
