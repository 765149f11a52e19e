# The two set-up commands of the README: `make run` and `make test`. Both install what is
# missing (scripts/install-deps), configure and build in ./build, then run.
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
SUDOFORGE = $(BUILD)/cli/sudoforge

.PHONY: all deps configure build run test bench bench-run bench-hardest install clean

all: build

deps:
	@scripts/install-deps

# The compiler of a new build directory: clang++ when installed (scripts/install-deps
# installs it), since its code grades cb001 about 7-9% faster than g++ 12's (medians of
# interleaved runs, grader/PERF_NOTES.md); else CMake's default. COMPILER=g++ overrides;
# an existing build directory keeps the compiler it was configured with.
COMPILER ?=
configure: deps
	@cxx="$(COMPILER)"; \
	if [ ! -f $(BUILD)/CMakeCache.txt ]; then \
	  [ -n "$$cxx" ] || cxx=$$(command -v clang++ || true); \
	fi; \
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $${cxx:+-DCMAKE_CXX_COMPILER=$$cxx} \
	  $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS) -- --no-print-directory

# The main job: a demo catalogue with puzzles of every level in ./sudoforge.db (or
# $SUDOFORGE_DB), generated from fixed seeds (so a second run only finds duplicates),
# graded and stored as they come, then the catalogue's statistics.
DEMO_LEVELS = easy medium hard expert diabolical
run: build
	@for level in $(DEMO_LEVELS); do \
	  $(SUDOFORGE) generate --db --level $$level --count 40 --seed 2026 --threads $(JOBS) || exit $$?; \
	done
	@$(SUDOFORGE) generate --db --level extreme --count 5 --seed 2026 --threads $(JOBS) --time-limit 120
	@$(SUDOFORGE) db stats

test: build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# Speed on the shared public sets (not part of the tests): the solver, then the grader.
# TDOKU=/path/to/run_benchmark (tdoku's benchmark program, built outside this repository)
# adds tdoku's count to 2 on the same files, puzzles as given (-r 0), one thread; without
# it that comparison is skipped. Procedure and figures: solver/PERF_NOTES.md.
TDOKU ?=
# The shared public sets live beside the repository; without them there is nothing to
# measure, and the bench targets say so and succeed.
DATA ?= ../shared/data
SOLVER_SETS = $(DATA)/17clue.txt $(DATA)/top1465.txt
# The hardest puzzles (issue 26, target 2): `make bench` grades the first HARDEST_MAX of
# them, `make bench-hardest` all of them.
HARDEST = $(DATA)/forum_hardest_1106.txt
HARDEST_MAX ?= 40
bench: build
	@if [ ! -d "$(DATA)" ]; then echo "bench skipped: $(DATA) (the shared puzzle sets) not found"; exit 0; fi; \
	  $(MAKE) --no-print-directory bench-run

# What `bench` runs once the build is done and the sets are there.
bench-run:
	@$(SUDOFORGE) bench $(SOLVER_SETS)
	@if [ -z "$(TDOKU)" ]; then \
	  echo "tdoku comparison skipped (TDOKU=/path/to/run_benchmark to run it)"; \
	elif [ ! -x "$(TDOKU)" ]; then \
	  echo "tdoku comparison skipped: $(TDOKU) is not an executable" >&2; \
	else \
	  for f in $(SOLVER_SETS); do \
	    "$(TDOKU)" -s tdoku -r 0 -n $$(grep -c '^[0-9.]' $$f) -w 2 -t 5 $$f || exit $$?; \
	  done; \
	fi
	@$(SUDOFORGE) bench --what grade $(DATA)/cb001-ser.txt $(DATA)/top1465.txt
	@$(SUDOFORGE) bench --what grade --max $(HARDEST_MAX) $(HARDEST)
	@command -v /usr/bin/time >/dev/null || { echo "extreme generation skipped: /usr/bin/time missing"; exit 0; }; \
	  /usr/bin/time -f "generate --level extreme --count 3 --seed 11, one thread: %U s CPU" \
	    $(SUDOFORGE) generate --level extreme --count 3 --seed 11 --threads 1 -q >/dev/null; \
	  /usr/bin/time -f "generate --level extreme --search neighbourhood --count 200 --seed 11, one thread: %U s CPU" \
	    $(SUDOFORGE) generate --level extreme --search neighbourhood --count 200 --seed 11 --threads 1 -q >/dev/null

# The whole forum-hardest list (375 puzzles, SE 9.x-11.9): about ten minutes on one core.
bench-hardest: build
	@if [ ! -f "$(HARDEST)" ]; then echo "bench-hardest skipped: $(HARDEST) not found"; exit 0; fi; \
	  $(SUDOFORGE) bench --what grade $(HARDEST)

# The binary, man page, completion, headers, libraries and package files under PREFIX.
PREFIX ?= /usr/local
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	@rm -rf $(BUILD)
