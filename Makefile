# Half Moon. `make play` to play, `make test` to run the tests (see README.md).
# Both create .venv with the project and its extras when it is missing or older than
# pyproject.toml; they need only Python 3.10+ (with venv) and make.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PO     := $(wildcard game/locale/*/LC_MESSAGES/halfmoon.po)
MO     := $(PO:.po=.mo)

.PHONY: play test lint solver-sample catalogs pot bench bench-check monkey resize-storm \
	screens clean

$(STAMP): pyproject.toml setup.py
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Half Moon needs Python 3.10 or newer; $(PYTHON) is " + sys.version.split()[0])'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,dev]'
	@touch $(STAMP)

# Translations: .po sources in the repo, .mo compiled here (and by the package build).
$(MO): %.mo: %.po $(STAMP)
	$(BIN)/python tools/compile_catalogs.py

catalogs: $(MO)

# Refresh the template and merge new strings into every language after changing texts.
pot: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ --project=halfmoon --no-location \
		--sort-output -o game/locale/halfmoon.pot .
	$(BIN)/pybabel update -d game/locale -D halfmoon -i game/locale/halfmoon.pot --no-fuzzy-matching

play: $(STAMP) $(MO)
	$(BIN)/halfmoon $(ARGS)

test: $(STAMP) $(MO)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict game/rules

# The benchmark (docs/performance.md): figures into bench.json; bench-check also enforces
# the budgets. Both take a few minutes (1,000 solver deals, fresh processes, Xvfb if found).
bench: $(STAMP) $(MO)
	$(BIN)/python tools/bench.py

bench-check: $(STAMP) $(MO)
	$(BIN)/python tools/bench.py --check

# The long monkey test: 50,000 random events into the real game (tests/test_monkey.py
# runs 5,000 in make test). SEED=N replays a failure.
monkey: $(STAMP) $(MO)
	$(BIN)/python tools/monkey.py --events 50000 $(if $(SEED),--seed $(SEED))

# The real game in a real X window (Xvfb), resized, clicked and toggled fullscreen for
# STORM_SECONDS (default 120) without and then with a window manager; needs Xvfb, xdotool
# and matchbox-window-manager (tests/test_crashes.py runs 12 s of each in make test).
STORM_SECONDS ?= 120
resize-storm: $(STAMP) $(MO)
	$(BIN)/python tools/resize_storm.py --seconds $(STORM_SECONDS)
	$(BIN)/python tools/resize_storm.py --seconds $(STORM_SECONDS) --window-manager

# Every screen at five sizes in English, Russian and Finnish, from a real X window (Xvfb):
# docs/screens/ (tools/screens.py).
screens: $(STAMP) $(MO)
	$(BIN)/python tools/screens.py --out docs/screens --langs en,ru,fi --width 400

# Half Moon's 1,000 deals (2 s each), then 200 deals of each Crescent (10 s each): about
# half an hour in all. Not part of make test.
solver-sample: $(STAMP)
	$(BIN)/python -m game.rules.solver --sample 1000 --seed 1
	$(BIN)/python -m game.rules.solver --sample 200 --seed 1 --variant C
	$(BIN)/python -m game.rules.solver --sample 200 --seed 1 --variant F
	$(BIN)/python -m game.rules.solver --sample 200 --seed 1 --variant O

# Packaging with PyInstaller (halfmoon.spec; docs/packaging.md). Build on each platform for
# that platform. `make dist`: dist/halfmoon/ (one folder) and dist/halfmoon-portable (one
# file). `make dist-smoke`: the one-folder app only, then its smoke tests (CI).
.PHONY: dist dist-smoke
PYINSTALLER := $(BIN)/pyinstaller --noconfirm --clean --log-level WARN \
	--workpath build/pyinstaller --distpath dist
FROZEN_APP  := dist/halfmoon/halfmoon

dist: $(STAMP) $(MO)
	$(PYINSTALLER) halfmoon.spec
	@echo "built dist/halfmoon/ (one folder) and dist/halfmoon-portable (one file)"

dist-smoke: $(STAMP) $(MO)
	$(PYINSTALLER) halfmoon.spec -- --only onedir
	HALFMOON_FROZEN_APP=$(FROZEN_APP) $(BIN)/python -m pytest -v -m frozen tests/test_packaging.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache $(MO)
