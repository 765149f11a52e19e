# The two set-up commands of the README: `make run` and `make test`. Both install what is
# missing (scripts/install-deps), configure and build in ./build, then run.
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
SUDOFORGE = $(BUILD)/cli/sudoforge

.PHONY: all deps configure build run test bench clean

all: build

deps:
	@scripts/install-deps

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# The main job: solve the judge-format samples, each answered in its own layout.
run: build
	@for f in tests/data/formats/poj3074.txt tests/data/formats/p1784.txt \
	          tests/data/formats/poj2676.txt tests/data/formats/poj3076.txt; do \
	  echo "== sudoforge solve $$f"; $(SUDOFORGE) solve $$f || exit $$?; echo; \
	done
	@echo "== sudoforge solve --target-score tests/data/formats/noip2009.txt"
	@$(SUDOFORGE) solve --target-score tests/data/formats/noip2009.txt

test: build
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# Speed on the shared public sets (not part of the tests).
bench: build
	@$(SUDOFORGE) bench ../shared/data/17clue.txt ../shared/data/top1465.txt

clean:
	@rm -rf $(BUILD)
