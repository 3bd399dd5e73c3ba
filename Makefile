# Half Moon. `make play` to play, `make test` to run the tests (see README.md).
# Both create .venv when it is missing and install into it what they need, again when
# pyproject.toml, setup.py or a translation changed; they need only Python 3.10+ (with
# venv) and make. `make play` installs the game and its runtime dependencies only;
# `make test` adds the [test] extra; `make lint`, `make dist` and the packaging check add
# [dev]. The install compiles the translations (Babel is a build requirement).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PO     := $(wildcard game/locale/*/LC_MESSAGES/halfmoon.po)
MO     := $(PO:.po=.mo)
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# The checkout on sys.path by a plain .pth line: Python starts 15 ms sooner than with
# setuptools' import hook (game/look/assets.py finds assets/ beside game/ either way).
EDITABLE := --config-settings editable_mode=compat
SOURCES := pyproject.toml setup.py $(PO)
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
DEV_STAMP  := $(VENV)/.installed-dev

.PHONY: play test test-plain lint solver-sample catalogs pot bench bench-check monkey resize-storm wayland-storm \
	kill-storm screens clean packaging-check test-pythons install-desktop uninstall-desktop

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Half Moon needs Python 3.10 or newer; $(PYTHON) is " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)

$(PLAY_STAMP): $(SOURCES) | $(BIN)/python
	$(PIP) -e . $(EDITABLE)
	@touch $@

$(TEST_STAMP): $(SOURCES) | $(BIN)/python
	$(PIP) -e '.[test]' $(EDITABLE)
	@touch $@ $(PLAY_STAMP)

$(DEV_STAMP): $(SOURCES) | $(BIN)/python
	$(PIP) -e '.[test,dev]' $(EDITABLE)
	@touch $@ $(TEST_STAMP) $(PLAY_STAMP)

# Translations: .po sources in the repo, .mo compiled by the install (setup.py) and here.
catalogs: $(DEV_STAMP)
	$(BIN)/python tools/compile_catalogs.py

# Refresh the template and merge new strings into every language after changing texts.
pot: $(DEV_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ --project=halfmoon --no-location \
		--sort-output -o game/locale/halfmoon.pot .
	$(BIN)/pybabel update -d game/locale -D halfmoon -i game/locale/halfmoon.pot --no-fuzzy-matching

play: $(PLAY_STAMP)
	$(BIN)/halfmoon $(ARGS)

# The suite on every core (pytest-xdist); JOBS=1 runs it in one process.
JOBS ?= auto
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n $(JOBS)

# The tests with every platform trick switched off (HALFMOON_PLAIN=1, game/platform/):
# pygame imported whole, the idle loop polling, no Xlib handler, no heap trim.
test-plain: $(TEST_STAMP)
	HALFMOON_PLAIN=1 $(BIN)/python -m pytest -n $(JOBS)

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict game
	$(BIN)/mypy tools
	$(BIN)/mypy tests

# The benchmark (docs/performance.md): figures into bench.json; bench-check also enforces
# the budgets. Both take a few minutes (1,000 solver deals, fresh processes, Xvfb if found).
bench: $(TEST_STAMP)
	$(BIN)/python tools/bench.py

bench-check: $(TEST_STAMP)
	$(BIN)/python tools/bench.py --check

# The long monkey test: 50,000 random events into the real game, half on the desktop
# (every game of the registry), half on a kiosk (tests/test_monkey.py runs 5,000 in make
# test). SEED=N replays a failure; GAMES=crescent,halfmoon sets the kiosk's games (its
# config's games; default: all). tools/monkey.py --help: --kiosk or --desktop alone.
monkey: $(TEST_STAMP)
	$(BIN)/python tools/monkey.py --events 50000 $(if $(SEED),--seed $(SEED)) $(if $(GAMES),--games $(GAMES))

# The real game in a real X window (Xvfb), resized, clicked, its cards dragged and
# fullscreen toggled for STORM_SECONDS (default 120) per game of the registry, without and
# then with a window manager; needs Xvfb, xdotool and matchbox-window-manager
# (tests/test_crashes.py runs 12 s of each over every game in make test).
STORM_SECONDS ?= 120
resize-storm: $(TEST_STAMP)
	$(BIN)/python tools/resize_storm.py --all-games --seconds $(STORM_SECONDS) $(if $(SEED),--seed $(SEED))
	$(BIN)/python tools/resize_storm.py --all-games --seconds $(STORM_SECONDS) $(if $(SEED),--seed $(SEED)) --window-manager

# The same on Wayland: the game a client of weston (on Xvfb, for xdotool's input), resized
# by weston, clicked, dragged and F11, STORM_SECONDS for every game (tools/wayland_storm.py).
wayland-storm: $(TEST_STAMP)
	$(BIN)/python tools/wayland_storm.py --seconds $(STORM_SECONDS) $(if $(SEED),--seed $(SEED))

# kill -9 in a real X window (Xvfb) while a card is carried and while a redeal's cards
# fly, KILLS times (default 50) over every game with a Redeal button; after each, the game
# is started again and its save must hold every move it reported (tools/kill_storm.py).
KILLS ?= 50
kill-storm: $(TEST_STAMP)
	$(BIN)/python tools/kill_storm.py --kills $(KILLS) $(if $(SEED),--seed $(SEED))

# Every game played by taps and drags in a real window of 800x480, 1024x600 and 640x480
# (Xvfb), as a kiosk, without and with matchbox; each move checked in the save, the
# screens kept in TOUCH_SHOTS (tools/touch_play.py; --mode window: a plain window).
TOUCH_SHOTS ?= /tmp/touch-shots
.PHONY: touch-play
touch-play: $(TEST_STAMP)
	$(BIN)/python tools/touch_play.py --shots $(TOUCH_SHOTS)

# Every screen at seven sizes in English, Russian and Finnish, and the themes at three,
# from a real X window (Xvfb):
# docs/screens/ (tools/screens.py).
screens: $(TEST_STAMP)
	$(BIN)/python tools/screens.py --out docs/screens --langs en,ru,fi --width 400
	$(BIN)/python tools/screens.py --out docs/screens --langs en --width 400 --scenes themes \
		--sizes 800x480,1920x1080,3840x2160

# Half Moon's 1,000 deals (2 s each), then 200 deals of each Crescent (10 s each): about
# half an hour in all. Not part of make test.
solver-sample: $(PLAY_STAMP)
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

dist: $(DEV_STAMP)
	$(PYINSTALLER) halfmoon.spec
	@echo "built dist/halfmoon/ (one folder) and dist/halfmoon-portable (one file)"

dist-smoke: $(DEV_STAMP)
	$(PYINSTALLER) halfmoon.spec -- --only onedir
	HALFMOON_FROZEN_APP=$(FROZEN_APP) $(BIN)/python -m pytest -v -m frozen tests/test_packaging.py

# The package as a user installs it: the sdist and the wheel built with `python -m build`,
# each installed into a fresh venv and run from / (tools/check_packaging.py; CI).
packaging-check: $(DEV_STAMP)
	$(BIN)/python tools/check_packaging.py

# The test suite on the oldest Python with the oldest dependencies pyproject.toml allows
# (.ci/oldest-dependencies.txt), then on the newest Python with the newest releases and
# every platform trick off (HALFMOON_PLAIN=1: the plain fallbacks, as make test-plain),
# when this machine has them (on PATH, or installed by pyenv); each in its own venv.
# (make test itself runs the newest releases with the tricks on.)
OLDEST_PYTHON ?= 3.10
NEWEST_PYTHON ?= 3.13
test-pythons:
	@for pair in $(OLDEST_PYTHON):oldest $(NEWEST_PYTHON):newest; do \
	  version=$${pair%%:*}; deps=$${pair#*:}; \
	  python=$$(command -v python$$version 2>/dev/null); \
	  "$$python" -c '' 2>/dev/null || python=$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/$$version.*/bin/python$$version 2>/dev/null | tail -1); \
	  if [ -z "$$python" ]; then echo "test-pythons: no Python $$version on this machine; skipped"; continue; fi; \
	  echo "test-pythons: $$($$python --version), the $$deps dependencies$$([ $$deps = newest ] && echo ', HALFMOON_PLAIN=1')"; \
	  if [ $$deps = oldest ]; then constraint=$(CURDIR)/.ci/oldest-dependencies.txt; plain=; else constraint=; plain=1; fi; \
	  env $${constraint:+PIP_CONSTRAINT=$$constraint} $${plain:+HALFMOON_PLAIN=1} PYTEST_ADDOPTS="-m 'not frozen and not once'" $(MAKE) --no-print-directory test VENV=.venv-$$version-$$deps PYTHON=$$python || exit 1; \
	  PYGAME_HIDE_SUPPORT_PROMPT=1 .venv-$$version-$$deps/bin/python -c 'import pygame, platformdirs; print("test-pythons: pygame-ce", pygame.version.ver, "platformdirs", platformdirs.__version__)'; \
	done

# Desktop integration on Linux (docs/packaging.md): launcher, AppStream file, icons and man
# page under PREFIX (default ~/.local; DESTDIR for staged installs). The launcher runs
# `halfmoon` from PATH (pipx, a distribution package); for the game in this checkout's
# .venv: make install-desktop EXEC=$(CURDIR)/.venv/bin/halfmoon
PREFIX ?= $(HOME)/.local
install-desktop:
	$(PYTHON) tools/install_desktop.py --prefix $(PREFIX) $(if $(DESTDIR),--destdir $(DESTDIR)) $(if $(EXEC),--exec $(EXEC))

uninstall-desktop:
	$(PYTHON) tools/install_desktop.py --prefix $(PREFIX) $(if $(DESTDIR),--destdir $(DESTDIR)) --uninstall

clean:
	rm -rf $(VENV) .venv-3.* build dist *.egg-info .pytest_cache .mypy_cache \
		.ruff_cache $(MO)
