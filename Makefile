# Set-up and everyday commands. `make demo` and `make test` are the Quick start.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test setup bench clean

demo: setup
	$(VENV)/bin/companion --demo

test: setup
	@bash scripts/system-deps.sh --browser
	$(PY) -m pytest -q

setup: $(STAMP)

$(STAMP): pyproject.toml
	@bash scripts/system-deps.sh
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

bench: setup
	$(PY) bench/engine.py
	$(PY) bench/tui.py
	$(PY) bench/vision.py
	$(PY) bench/camera.py
	$(PY) bench/serve.py

clean:
	rm -rf $(VENV) .pytest_cache
