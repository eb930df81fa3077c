"""Where a server keeps its tables' SQLite file: ``PICAS_DATA_DIR``, else beside its key file
(docs/deploy.md), so two servers with keys of their own never share one file of tables."""

from __future__ import annotations

from pathlib import Path

from picas.web.friends.routes import data_dir


def test_the_data_dir_is_named_or_the_key_files_folder(tmp_path: Path) -> None:
    key = tmp_path / "keys" / "secret.key"
    assert data_dir({"PICAS_DATA_DIR": str(tmp_path / "data")}) == tmp_path / "data"
    assert data_dir({"PICAS_KEY_FILE": str(key)}) == tmp_path / "keys"
    both = {"PICAS_KEY_FILE": str(key), "PICAS_DATA_DIR": str(tmp_path / "data")}
    assert data_dir(both) == tmp_path / "data"
    assert data_dir({}) == Path("~/.local/share/picas").expanduser()
