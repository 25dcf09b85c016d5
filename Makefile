# Floorman. `make run` serves the site with a demo tournament; `make test` runs every test,
# on SQLite and then on PostgreSQL (`make test-sqlite` / `make test-postgres` for one leg).
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test test-sqlite test-postgres compiled-messages setup setup-dev test-deps messages bench lint clean

$(VENV)/.created:
	@set -e; PY3=$$(bin/find-python); echo "Using $$PY3"; "$$PY3" -m venv $(VENV)
	@$(VENV)/bin/pip install --quiet --upgrade pip
	@touch $@

$(VENV)/.runtime: $(VENV)/.created requirements.txt
	$(VENV)/bin/pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(VENV)/bin/pip install --quiet -r requirements-dev.txt
	@touch $@

setup: $(VENV)/.runtime
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) manage.py bootstrap --demo

run: setup
	bin/run

setup-dev: $(VENV)/.dev

# What the browser and system tests need from Debian: Chromium and redis-server
# (PostgreSQL is installed and started by bin/ensure-postgres, for the PostgreSQL leg).
test-deps:
	@bin/ensure-test-deps

messages: setup-dev
	$(PY) manage.py makemessages --locale zh_Hans --no-obsolete --ignore '.venv/*' --ignore 'staticfiles/*'
	$(PY) manage.py compilemessages --locale zh_Hans --ignore '.venv/*'

compiled-messages: setup-dev
	@if command -v msgfmt >/dev/null 2>&1; then $(PY) manage.py compilemessages --locale zh_Hans --ignore '.venv/*' -v0; fi

test: setup-dev test-deps compiled-messages
	@PYTEST_ARGS="$(PYTEST_ARGS)" bin/test sqlite postgres

test-sqlite: setup-dev test-deps compiled-messages
	@PYTEST_ARGS="$(PYTEST_ARGS)" bin/test sqlite

test-postgres: setup-dev test-deps compiled-messages
	@PYTEST_ARGS="$(PYTEST_ARGS)" bin/test postgres

bench: setup-dev
	@for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

lint: setup-dev
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) staticfiles
