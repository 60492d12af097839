# Needs only python3 (3.11+) and make. Every tool runs from .venv/bin: nothing is activated.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000
PYTEST_ARGS ?= -n 2 --dist loadfile

.PHONY: venv constraints migrate run test lint format schema types vendor bench bench-peers clean

venv: $(STAMP)

# Re-install only when the dependency declarations change; constraints.txt pins every version. The
# Python client (clients/python) is a package of its own, installed editable beside the server.
$(STAMP): pyproject.toml constraints.txt clients/python/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	$(BIN)/python -m pip install --quiet -c constraints.txt -e clients/python
	touch $@

# After changing dependencies in pyproject.toml: install them, then pin what is installed.
constraints:
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	{ echo '# Pinned versions of every installed package; regenerate with `make constraints`.'; \
	  $(BIN)/pip freeze --exclude-editable; } > constraints.txt

migrate: venv
	$(BIN)/python manage.py migrate --noinput

run: venv migrate
	$(BIN)/python manage.py serve --host $(HOST) --port $(PORT)

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	MYPYPATH=clients/python $(BIN)/mypy -p games -p clients.research -p cliffside_client

test: lint
	$(BIN)/pytest $(PYTEST_ARGS)

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Writes schema.graphql from the live schema (the command lives in api/graphql). Not `export_schema`:
# strawberry_django already ships a command by that name.
schema: venv
	$(BIN)/python manage.py export_schema_file

# The TypeScript client kit (clients/typescript): collects the docs' operations into
# operations/docs.graphql, then graphql-codegen writes src/generated/ from schema.graphql and
# operations/. Needs Node 20+ and npm: the lock's packages are installed once per machine into
# ~/.cache/cliffside-ts/<hash of the lock>, never into the repository. Run after `make schema`.
types: venv
	$(BIN)/python clients/typescript/scripts/docs_operations.py
	bash clients/typescript/scripts/install.sh >/dev/null
	cd clients/typescript && node_modules/.bin/graphql-codegen --config codegen.ts

# Re-downloads the browser libraries pinned in web/vendor.json (with npm) into web/static/web/vendor/,
# then checks that every module the import map reaches resolves. Standard library only.
vendor:
	$(PYTHON) web/refresh_vendor.py

# The engine, then the service in production mode (its own database, Redis key prefix, uvicorn workers
# and timer worker) driven by a separate load generator, and boardgame.io 0.50.2 under the same load;
# writes bench/results.json and results.md and exits 1 when a figure misses its target
# (bench/targets.py). Needs Node.js 20+ and npm: the Node packages are installed from the npm
# registry into ~/.cache/cliffside-bench the first time. The bench is a client of the service, not a
# part of it (bench/__init__.py: what it may import). Parts alone, e.g.:
#   make bench BENCH_ARGS="--only service,timers --seconds 5"
BENCH_ARGS ?=
bench: venv
	$(BIN)/python -m bench $(BENCH_ARGS)

# Ours beside boardgame.io only: Daredevil Rock's closed loop in both client shapes, then the peer's,
# and the ratios (about a minute once the packages are installed).
bench-peers: venv
	$(BIN)/python -m bench --only service,peers --game daredevil-rock $(BENCH_ARGS)

# Caches only: keeps .venv and the embedded database in var/.
clean:
	rm -rf .mypy_cache .ruff_cache .pytest_cache .hypothesis .import_linter_cache var/static
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
