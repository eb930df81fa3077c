# The two commands of the README. Each installs what it needs first.
.PHONY: play test lint

play:
	@scripts/bootstrap
	.venv/bin/picas serve

test:
	@scripts/bootstrap --browser
	.venv/bin/pytest -n 2 --dist loadgroup

lint:
	@scripts/bootstrap
	.venv/bin/ruff format --check .
	.venv/bin/ruff check .
	.venv/bin/mypy
