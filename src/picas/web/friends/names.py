"""A person's name at the table: 1–20 characters of plain text."""

from __future__ import annotations

import unicodedata

from picas.shared.errors import InvalidAction
from picas.web.friends.messages import NAME_MAX

ALLOWED_CATEGORIES = frozenset({"L", "N", "Zs", "P", "S", "M"})
"""Letters, digits, spaces, punctuation, symbols (emoji) and combining marks; never a control,
format (bidirectional overrides, zero-width), private-use or unassigned character."""


INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0")
"""Letters (Unicode's category Lo) that draw nothing: the Hangul fillers. A name of them, or of
blank symbols such as U+2800 (braille blank), would be no name at all."""
MARKS_IN_A_ROW = 3
"""Combining marks on one character: enough for any language's accents (Vietnamese stacks two),
too few to draw over the neighbouring names."""


class BadName(InvalidAction):
    code = "bad_name"


def clean_name(text: str) -> str:
    """The name to show: NFC, inner spaces collapsed, trimmed; refused unless 1–20 characters of
    the allowed kinds. It is text: the page sets it with ``textContent``."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise BadName("El nombre tiene caracteres no válidos.")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not 1 <= len(name) <= NAME_MAX:
        raise BadName(f"El nombre debe tener entre 1 y {NAME_MAX} caracteres.")
    for ch in name:
        if (
            unicodedata.category(ch)[0] not in ALLOWED_CATEGORIES
            and unicodedata.category(ch) not in ALLOWED_CATEGORIES
        ):
            raise BadName("El nombre solo puede llevar letras, cifras, espacios y signos.")
    if not any(ch not in INVISIBLE and unicodedata.category(ch)[0] in "LN" for ch in name):
        raise BadName("El nombre debe tener al menos una letra o una cifra que se vea.")
    marks = 0
    for ch in name:
        marks = marks + 1 if unicodedata.category(ch)[0] == "M" else 0
        if marks > MARKS_IN_A_ROW:
            raise BadName("El nombre tiene demasiados acentos sobre una misma letra.")
    return name
