"""When two names people chose are one name: ladders, bots on a ladder, authors.

Two names are one when they differ only in case (as before) or look alike: their Unicode
TR39 skeletons (https://www.unicode.org/reports/tr39/#Confusable_Detection) are equal,
with or without case folded, or in compatibility form (NFKC: fullwidth `ａ` is `a`)
(`forms`). A skeleton is the name in NFD without its default-ignorable characters (which
draw nothing: variation selectors, the Hangul fillers, the combining grapheme joiner),
every character replaced by the prototype of its class in Unicode's confusables table,
then in NFD again: Cyrillic `а` and Latin `a` have one skeleton, and so have `rn` and `m`,
`0` and `O`, `l`, `1` and `I`, and `ann` with and without a variation selector.

The table is Unicode's `confusables.txt` as the `confusable-homoglyphs` package ships it
(maintained, pure Python; used by django-registration for the same job): for every
character, the characters it may be confused with. Each line of Unicode's file maps one
character to its prototype (one character or more), and a prototype is never mapped
itself, so the connected groups of that package's pairs are exactly the classes of the
file, and a group's prototype is its string of several characters if it has one, else the
member paired with all the others (of a pair, the lower code point). Names are compared
as TR39 compares them; folding case after the skeleton needs the prototype itself (`O`,
which folds to `o`, not `0`).
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources

_LRM = "\u200e"  # the package keeps the marks that order right-to-left text in a line
#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt), which TR39
#: removes from a skeleton (`unicodedata` does not have the property), and the blank
#: Braille pattern, which draws nothing either
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
             (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
             (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))


@cache
def _prototypes() -> dict[str, str]:
    """Character -> the prototype of its class (characters that are their own class's
    prototype are left out)."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json")
                      .read_text(encoding="utf-8"))
    parent: dict[str, str] = {}
    partners: dict[str, set[str]] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for char, alikes in data.items():
        for alike in alikes:
            x, y = char.replace(_LRM, ""), alike["c"].replace(_LRM, "")
            partners.setdefault(x, set()).add(y)
            partners.setdefault(y, set()).add(x)
            a, b = root(x), root(y)
            if a != b:
                parent[a] = b
    groups: dict[str, list[str]] = {}
    for member in list(parent):
        groups.setdefault(root(member), []).append(member)
    table: dict[str, str] = {}
    for members in groups.values():
        proto = unicodedata.normalize("NFD", max(members, key=lambda m: (
            len(m) > 1, len(partners[m]), -ord(m[0]))))
        table.update((m, proto) for m in members if len(m) == 1 and m != proto)
    return table


def ignorable(char: str) -> bool:
    """Whether `char` is default-ignorable (draws nothing where it is not supported)."""
    code = ord(char)
    return any(low <= code <= high for low, high in IGNORABLE)


def skeleton(name: str) -> str:
    """Unicode TR39's skeleton of `name`: NFD, default-ignorable characters removed, each
    character to its prototype, NFD."""
    table = _prototypes()
    nfd = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in nfd
                                                if not ignorable(c)))


def forms(name: str) -> set[str]:
    """The forms `name` is compared in: its skeleton with case folded after it, the
    skeleton of the name with case folded first (a capital `I` looks like `l`, and `ioi`
    is `IOI` in another case), and that of its compatibility form (NFKC, case folded:
    fullwidth and mathematical letters are the letters they show)."""
    compatible = unicodedata.normalize("NFKC", name).casefold()
    return {skeleton(skeleton(name).casefold()), skeleton(name.casefold()),
            skeleton(compatible), skeleton(skeleton(compatible).casefold())}


def taken_by(taken: list[str], name: str) -> str | None:
    """The first of `taken` that is one name with `name` (None: it is free)."""
    mine = forms(name)
    return next((t for t in taken if t == name or forms(t) & mine), None)


def owns(owner: str, author: str) -> bool:
    """Whether `author` may use a name (a bot's, a ladder's) whose owner is `owner`: its own
    author may, and anyone may claim a name nobody owns (owner '', as the names made before
    authors were recorded)."""
    return owner in ("", author)
