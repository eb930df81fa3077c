"""A pytest plugin (loaded with ``-p chromium_browser``, see pyproject.toml): Debian's Chromium for
the end-to-end tests in any folder.

Playwright's sync API keeps an event loop running while it is open, so the end-to-end tests run in a
pytest invocation of their own (see the Makefile): tests that start their own asyncio loop never
share a worker process with it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium, one per test worker. A missing browser fails, never skips."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} is missing: run scripts/bootstrap --browser (apt-get install chromium)"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()
