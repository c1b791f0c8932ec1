# The two commands a fresh machine needs (see README): `make site` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python

.PHONY: setup site serve test test-fast fuzz browser-deps bench clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

## Build the site from content/ into site/
site: setup
	$(PY) -m generator build --content content --output site

## Build, serve on http://127.0.0.1:8000/ and rebuild on every change (Ctrl+C stops)
serve: setup
	$(PY) -m generator serve --content content --output site

## Everything but the long fuzz run: unit, property, reader, hostile-input, site and browser tests
test: setup browser-deps
	$(PY) -m pytest

## Without the browser tests
test-fast: setup
	$(PY) -m pytest -m "not browser and not fuzz"

## The long fuzz run: FUZZ_MUTANTS mutants of each upload format (default 4000)
fuzz: setup
	$(PY) -m pytest -m fuzz tests/hostile

browser-deps:
	bash scripts/ensure-chromium.sh

bench: setup
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) site.new site.old .cache build dist
