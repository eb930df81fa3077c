"""The bad saves corpus: every way a save can be damaged or forged, each with the error it must get.

The files in ``bad_saves/`` are written by ``make_bad_saves.py`` (run it again to remake them).
Each file is one JSON object:

``about``
    what is wrong with the save, in a sentence;
``code``, ``status``
    the error every endpoint that opens a save (``/api/games/resume``, ``/api/games/act``,
    ``/api/tip``) must answer, ``{"error": {"code", "message"}}``;
``message_has``
    a word the Spanish message must contain;
``save`` or ``save_text``
    the save the client sends: a JSON value, or raw text when it is not even JSON (truncated);
``signature``
    ``"server"``: the record is signed with the server's key (so the refusal comes from the
    record itself, past the signature check); ``"as_stored"``: the ``sig`` is sent as it is
    (an edited save, a foreign key's signature, a malformed signature); ``"other_record"``: the
    ``sig`` is the server's signature of ``other_record`` (another game's save).

The files are signed with :data:`CORPUS_KEY`. :func:`bad_saves` hands them out re-signed for any
server key, so a test against a server with a key of its own (a key file) can use them too. From
another test folder (the page's tests in ``tests/e2e``)::

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proof"))
    from bad_save_corpus import bad_saves

    for bad in bad_saves(server_key):
        ...  # bad.name, bad.save_json (text), bad.code, bad.status, bad.message_has

The page keeps the save under ``localStorage["picas.partida"]`` wrapped as
``{"format": 1, "save": <save>, "code", "level", "ui"}`` (``static/js/store.js``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CORPUS_DIR = Path(__file__).resolve().parent / "bad_saves"
CORPUS_KEY = b"picas-proof-corpus-key-0123456789"
"""The key the stored files are signed with. A test server may use it as ``PICAS_SECRET_KEY``."""


def sign(key: bytes, record: object) -> str:
    """HMAC-SHA256 over the canonical JSON (docs/api.md), as the server signs."""
    text = json.dumps(
        record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class BadSave:
    name: str
    save_json: str
    """The save as JSON text (what a client would put after ``"save":``)."""
    code: str
    status: int
    message_has: str
    about: str

    def __iter__(self) -> Iterator[Any]:
        """``name, save_json, code = bad`` unpacks the three that matter most."""
        return iter((self.name, self.save_json, self.code))

    def body(self, **fields: Any) -> bytes:
        """A request body holding this save, e.g. ``body(action=3)`` for ``/api/games/act``."""
        extra = "".join(f", {json.dumps(k)}: {json.dumps(v)}" for k, v in fields.items())
        return ('{"save": ' + self.save_json + extra + "}").encode("utf-8")


def resign(entry: dict[str, Any], key: bytes) -> str:
    """The save of one corpus file as JSON text, signed for ``key`` as the file says."""
    if "save_text" in entry:
        text: str = entry["save_text"]
        return text
    save = entry["save"]
    how = entry["signature"]
    if how == "server":
        save = {**save, "sig": sign(key, save["record"])}
    elif how == "other_record":
        save = {**save, "sig": sign(key, entry["other_record"])}
    elif how != "as_stored":
        raise ValueError(f"unknown signature rule {how!r}")
    return json.dumps(save, ensure_ascii=False, separators=(",", ":"))


def bad_saves(key: bytes = CORPUS_KEY, folder: Path = CORPUS_DIR) -> Iterator[BadSave]:
    """Every bad save of the corpus, signed for a server with ``key``, in name order."""
    for path in sorted(folder.glob("*.json")):
        entry = json.loads(path.read_text(encoding="utf-8"))
        yield BadSave(
            name=path.stem,
            save_json=resign(entry, key),
            code=entry["code"],
            status=entry["status"],
            message_has=entry["message_has"],
            about=entry["about"],
        )
