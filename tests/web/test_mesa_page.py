"""``/mesa/<id>`` serves the friends' table's page with its own policy (a base of "../" and the
socket to this site), on a revalidation too; a path no table can have is a plain 404."""

from __future__ import annotations

from fastapi.testclient import TestClient

from picas.web.app import create_app


def test_the_link_of_a_table_serves_the_page_with_its_policy() -> None:
    client = TestClient(create_app())
    answer = client.get("/mesa/abcdefghijklmnopqrstuv")
    assert answer.status_code == 200
    assert '<base href="../">' in answer.text
    assert 'src="js/amigos/page.js"' in answer.text
    policy = answer.headers["content-security-policy"]
    assert "base-uri 'self'" in policy
    assert "base-uri 'none'" not in policy
    again = client.get("/mesa/otra", headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    assert "base-uri 'self'" in again.headers["content-security-policy"]


def test_a_path_no_table_can_have_is_refused() -> None:
    client = TestClient(create_app())
    assert client.get("/mesa/" + "x" * 65).status_code == 404
