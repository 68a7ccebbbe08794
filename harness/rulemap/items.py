"""Rule items of a rules reference (docs/rules/<id>.md).

An item is a list item or a table row that starts with its id in bold, the section number
refined where a section holds several rules:

    - **§5.7b** B: pay 1 and place two pieces of your pool on one or two of your ships.
    | **§D4.D1a** | 1 | 1 | 2 | Morning: you may move Intrigue +2 |

The text runs on over the list item's indented continuation lines. An item whose value is
not the rulebook's own carries its decision and the reason in the same place:
`[reconstructed: why]` (a value the rulebook only showed in a picture) or `[decision: why]`
(a choice the rulebook leaves open); a bare tag without its reason is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: an item id: the section number or a data table's name, refined by dots and letters
ID = r"[0-9A-Z][0-9A-Za-z]*(?:\.[0-9A-Za-z]+)*"
BULLET = r"(?:[-*+]|\d+[.)])"  # a list item's marker: a bullet or "1." / "1)"
LIST_ITEM = re.compile(rf"^(?P<indent>\s*){BULLET}\s+\*\*§(?P<id>{ID})\*\*\s*(?P<text>.*)$")
TABLE_ROW = re.compile(rf"^\s*\|\s*\*\*§(?P<id>{ID})\*\*\s*\|(?P<text>.*)$")
TAG = re.compile(r"\[(?P<kind>reconstructed|decision)(?::\s*(?P<why>[^\]]*))?\]")
BLOCK = re.compile(rf"^\s*(?:{BULLET}\s|\|)")
HEADING = re.compile(r"^(#{2,6})\s+(.*\S)\s*$")
#: the generated section's first and last lines (mapping.py writes what lies between)
BEGIN = "<!-- rule-map: begin"
END = "<!-- rule-map: end -->"


@dataclass(frozen=True)
class Item:
    """One rule item: `id` without the §, its `text` (one line), the heading it sits under,
    its line in the page, and its decisions: (`reconstructed` or `decision`, reason)."""

    id: str
    text: str
    section: str
    line: int
    decisions: tuple[tuple[str, str], ...] = ()


def without_generated(text: str) -> str:
    """The page without its generated coverage section (which names items too)."""
    start = text.find(BEGIN)
    if start < 0:
        return text
    end = text.find(END, start)
    return text[:start] + (text[end + len(END):] if end >= 0 else "")


def parse_items(text: str) -> list[Item]:
    """Every item of a page, in page order (the generated section left out)."""
    lines = without_generated(text).splitlines()
    out: list[Item] = []
    section = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if m := HEADING.match(line):
            section = m.group(2)
            i += 1
            continue
        m = LIST_ITEM.match(line)
        row = None if m else TABLE_ROW.match(line)
        if not m and not row:
            i += 1
            continue
        start = i
        if row:
            parts = [c.strip() for c in row.group("text").split("|")]
            body = " | ".join(p for p in parts if p)
            ident = row.group("id")
            i += 1
        else:
            assert m is not None
            ident, body = m.group("id"), m.group("text")
            depth = len(m.group("indent"))
            i += 1
            while i < len(lines) and lines[i].strip() and not HEADING.match(lines[i]):
                nxt = lines[i]
                lead = len(nxt) - len(nxt.lstrip())
                if lead <= depth or BLOCK.match(nxt):
                    break  # the next item, a sub-list or a table: not this item's text
                body += " " + nxt.strip()
                i += 1
        decisions = tuple((t.group("kind"), (t.group("why") or "").strip())
                          for t in TAG.finditer(body))
        out.append(Item(ident, " ".join(body.split()), section, start + 1, decisions))
    return out


def page_problems(items: list[Item]) -> list[str]:
    """Ids used twice, and decisions without their reason."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for it in items:
        if it.id in seen:
            out.append(f"§{it.id} (line {it.line}) repeats the id of line {seen[it.id]}")
        seen.setdefault(it.id, it.line)
        for kind, why in it.decisions:
            if not why:
                out.append(f"§{it.id} (line {it.line}) is marked [{kind}] without its reason "
                           f"([{kind}: why])")
    return out
