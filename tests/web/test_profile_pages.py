"""``/perfil`` and ``/clasificacion`` serve their pages (each its own script), revalidated with an
``ETag``; the site's security headers are on them; any other method is refused."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from picas.web.app import create_app
from picas.web.routers.profile_pages import PAGES


@pytest.mark.parametrize(
    ("path", "script"),
    [("/perfil", "js/perfil/page.js"), ("/clasificacion", "js/ya/clasificacion.js")],
)
def test_each_page_is_served_with_its_script_and_revalidated(path: str, script: str) -> None:
    client = TestClient(create_app())
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert f'src="{script}"' in answer.text
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    again = client.get(path, headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""


def test_the_pages_are_the_files_they_name() -> None:
    client = TestClient(create_app())
    for path, file_name in PAGES.items():
        assert client.get(path).text == client.get(f"/{file_name}").text


def test_a_post_is_refused() -> None:
    client = TestClient(create_app())
    assert client.post("/perfil").status_code == 405
