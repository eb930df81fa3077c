# The two commands of the README. Each installs what it needs first.
.PHONY: play test lint

play:
	@scripts/bootstrap
	.venv/bin/picas serve

# Spades' engine and bot tests and the shared modules' tests run a second time on the pure Python
# path (the first run uses the compiled hot path when it is built). The browser tests run on their
# own: Playwright's sync API holds an event loop open in its worker.
test:
	@scripts/bootstrap --browser
	.venv/bin/pytest -n 2 --dist loadgroup -m "not e2e"
	PICAS_PURE=1 .venv/bin/pytest -n 2 --dist loadgroup -m "not e2e" tests/spades tests/corazones tests/shared
	.venv/bin/pytest -n 2 --dist loadgroup -m e2e

lint:
	@scripts/bootstrap
	.venv/bin/ruff format --check .
	.venv/bin/ruff check .
	.venv/bin/mypy
