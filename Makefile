# Two entry points for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
GUI_STAMP := $(VENV)/.installed-gui

I18N_TS := $(wildcard resources/i18n/aleth_inspector_*.ts)
I18N_QM := $(I18N_TS:.ts=.qm)
I18N_SOURCES := $(wildcard inspector/gui/*.py inspector/gui/*/*.py)

.PHONY: run test conformance lint bench package package-smoke desktop-check clean i18n i18n-update fuzz-smoke

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP) $(GUI_STAMP)

# `make run` needs only the desktop extra; `make test` installs everything (a superset).
$(GUI_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[gui]'
	touch $(GUI_STAMP)

## lint: ruff (lint, import order, format) and mypy (strict for inspector/core)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m mypy inspector

## i18n: compile the GUI's translations (resources/i18n/*.ts -> .qm) with pyside6-lrelease
i18n: $(I18N_QM)

resources/i18n/%.qm: resources/i18n/%.ts $(GUI_STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

## i18n-update: refresh the .ts sources from the code (new strings arrive unfinished: translate them)
i18n-update: $(GUI_STAMP)
	$(VENV)/bin/pyside6-lupdate -no-obsolete -locations none $(I18N_SOURCES) -ts $(I18N_TS)

## run: install, then open the GUI on the embedded demo (headless: print its report)
run: $(GUI_STAMP) i18n
	$(VENV)/bin/aleth-inspector gui resources/demo.aleth --passphrase-file resources/demo.passphrase \
		--checkpoint resources/demo.checkpoint.json \
		--banner "Demo file resources/demo.aleth — passphrase: demo — keys for the Author menu in resources/demo.keys/" \
		|| test $$? -le 1

## test: install, then run the whole suite (offscreen Qt, no display needed) in two worker
## processes (pytest-xdist; each test file stays on one worker, so its fixtures are made once);
## byte code is cached, so the interpreters the tests start do not recompile the package.
## The conformance suite (tests/conformance) runs too when ../shared has the HOM-AIMOS
## vectors; the last line says whether it ran.
test: $(STAMP) i18n
	PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n 2 --dist loadfile

## conformance: only the conformance suite, against the HOM-AIMOS vectors in ../shared
## (or $$ALETH_SHARED); fails when they are missing
conformance: $(STAMP) i18n
	PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n 2 --dist loadfile \
		--conformance=required -m conformance tests/conformance

## package: build the one-folder bundle build/dist/aleth-inspector (PyInstaller)
package: $(STAMP) i18n
	$(PY) -m pip install --quiet 'pyinstaller>=6.10,<7'
	PYINSTALLER_CONFIG_DIR=build/pyinstaller-cache $(VENV)/bin/pyinstaller packaging/aleth-inspector.spec \
		--distpath build/dist --workpath build/work --noconfirm --log-level WARN

## package-smoke: build the bundle, then run it headless (--version, verify, GUI screenshot)
package-smoke: package
	bash packaging/smoke_test.sh build/dist/aleth-inspector

## desktop-check: validate the .desktop, AppStream and MIME files
desktop-check:
	bash packaging/check_desktop_files.sh

## bench: every table of the README's "Speed and memory" (about an hour on 2 cores; not in CI)
bench: $(STAMP)
	$(PY) bench/verify_bench.py --cli --repeat 2
	$(PY) bench/verify_bench.py --scaling 99000 --repeat 2
	$(PY) bench/verify_bench.py --fixed-costs 10 --repeat 9
	$(PY) bench/verify_bench.py --mutmem
	$(PY) bench/verify_bench.py --big-mb 400
	$(PY) bench/limits_bench.py --memory
	$(PY) bench/fleet_bench.py
	$(PY) bench/gui_bench.py
	$(PY) bench/authoring_bench.py
	$(PY) bench/privacy_bench.py
	$(PY) bench/mcp_bench.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache $(I18N_QM)

## fuzz-smoke: ~80 s of the three fuzz targets, fixed seed (fuzz/README.md has the long campaign), then
## ~70 s of the verifier's metamorphic properties with random examples (tests/core/verify/test_metamorphic.py)
FUZZ_STAMP := $(VENV)/.installed-fuzz
FUZZ := build/fuzz
$(FUZZ_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install --quiet -e '.[fuzz]'
	touch $(FUZZ_STAMP)

fuzz-smoke: $(FUZZ_STAMP)
	rm -rf $(FUZZ)/corpus && mkdir -p $(FUZZ)/crashes
	$(PY) fuzz/build_corpus.py $(FUZZ)/corpus
	$(PY) fuzz/fuzz_container.py $(FUZZ)/corpus/container -seed=1 -max_total_time=25 -timeout=30 \
		-rss_limit_mb=2048 -artifact_prefix=$(FUZZ)/crashes/ -print_final_stats=1
	$(PY) fuzz/fuzz_store.py $(FUZZ)/corpus/store -seed=1 -max_total_time=35 -timeout=300 -rss_limit_mb=2048 \
		-len_control=0 -max_len=16384 -artifact_prefix=$(FUZZ)/crashes/ -print_final_stats=1
	$(PY) fuzz/fuzz_json.py $(FUZZ)/corpus/json -seed=1 -max_total_time=20 -timeout=30 -rss_limit_mb=2048 \
		-artifact_prefix=$(FUZZ)/crashes/ -print_final_stats=1
	METAMORPHIC_EXAMPLES=150 METAMORPHIC_RANDOM=1 $(PY) -m pytest -q -p no:cacheprovider \
		tests/core/verify/test_metamorphic.py
