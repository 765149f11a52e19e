// sudoforge._sudoforge: the Python extension. It binds the workflow layer (the same
// generation, analysis and catalogue records as the CLI) directly; python/sudoforge/
// re-exports it and __init__.pyi types it. Contracts as Python sees them:
//  - puzzles are text in any layout the CLI reads (core/record_reader.h); a bad one is a
//    ValueError with the reader's or validator's message, never a crash;
//  - generate/grade/count/query run without the GIL and stop on Ctrl-C (interruptible.h);
//  - catalogue failures are CatalogueError (an OSError) with the category as .category.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "interruptible.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/workflow/analysis.h"
#include "sudoforge/workflow/generate.h"
#include "sudoforge/workflow/record.h"
#include "sudoforge/workflow/seeds.h"

namespace py = pybind11;

namespace sudoforge::python {
namespace {

// A puzzle read from text with its givens checked: ValueError for text that is not
// exactly one puzzle, or whose givens conflict.
Record read_puzzle(const std::string& text) {
  Record record = parse_one(text);
  const std::string conflict = describe_conflict(record.grid, record.style.alphabet);
  if (!conflict.empty()) throw py::value_error(conflict);
  return record;
}

// Analyses (solution, uniqueness, rating) one puzzle; ValueError for one without exactly
// one solution.
workflow::PuzzleAnalysis analyze(const Record& record, bool explain,
                                 const std::atomic<bool>* stop) {
  workflow::PuzzleAnalyzer analyzer({}, stop);
  workflow::PuzzleAnalysis a = analyzer.analyze(record.grid, explain, &record.style.alphabet);
  if (!a.done) throw grader::GradingStopped();  // only after Ctrl-C, which wins anyway
  if (!a.error.empty()) throw std::invalid_argument(a.error);
  return a;
}

std::optional<grader::Level> level_argument(const std::optional<std::string>& level) {
  if (!level) return std::nullopt;
  if (auto parsed = grader::parse_level(*level)) return parsed;
  throw py::value_error("unknown level '" + *level +
                        "' (easy, medium, hard, expert, diabolical or extreme)");
}

// What generate() and iter_generate() run: the CLI's plan for the same options, every
// kept puzzle analysed (so each carries its solution and full rating).
struct GenerateArgs {
  workflow::GeneratePlan plan;
  std::uint64_t seed = 0;
  int threads = 1;
};

GenerateArgs generate_args(std::optional<std::string> level, std::optional<std::uint64_t> seed,
                           const std::string& symmetry, int threads, int size,
                           std::optional<double> min_rating, std::optional<double> max_rating) {
  if (threads < 1 || threads > 256) throw py::value_error("threads must be 1 to 256");
  workflow::GenerateRequest request;
  request.generator.geometry = Geometry::for_size(size);
  request.generator.symmetry = parse_symmetry(symmetry);
  if (!admits(request.generator.geometry, request.generator.symmetry)) {
    throw py::value_error("symmetry " + symmetry + " does not suit " +
                          request.generator.geometry.name() + " boxes");
  }
  validate(request.generator);
  request.target.level = level_argument(level);
  request.target.min_rating = min_rating;
  request.target.max_rating = max_rating;
  if (auto problem = workflow::find_problem(request.target)) {
    switch (*problem) {
      case workflow::TargetProblem::kBandInverted:
        throw py::value_error("min_rating is above max_rating");
      case workflow::TargetProblem::kBelowEasiest:
        throw py::value_error("max_rating is below 1.0, the easiest step's rating");
      case workflow::TargetProblem::kLevelOutsideBand:
        throw py::value_error("the level's ratings and the rating band do not meet");
    }
  }
  request.keep_analyses = true;
  return {workflow::plan_generation(request), seed ? *seed : workflow::draw_seed(), threads};
}

// Puzzles first .. first+count-1 of the run, as catalogue records (generated_record: the
// same record `sudoforge generate --db` stores).
std::vector<db::PuzzleRecord> generate_range(const GenerateArgs& args, std::uint64_t first,
                                             std::uint64_t count) {
  return interruptible([&](const std::atomic<bool>* stop) {
    std::vector<db::PuzzleRecord> out;
    BatchOptions batch;
    batch.seed = args.seed;
    batch.first_index = first;
    batch.count = count;
    batch.threads = args.threads;
    workflow::GenerateCallbacks callbacks;
    callbacks.on_puzzle = [&](const GeneratedPuzzle& p, workflow::PuzzleAnalysis* a) {
      out.push_back(workflow::generated_record(p, *a, args.plan.run_options));
    };
    workflow::generate(args.plan, batch, {{first, count}}, callbacks, stop);
    return out;
  });
}

// iter_generate(): puzzles made a chunk at a time on demand, so memory stays bounded by
// one chunk and nothing runs between two next() calls (a consumer that stops leaves no
// work behind). The chunk keeps every worker busy for several puzzles; the puzzles do not
// depend on it (puzzle i is a function of the seed and i).
class PuzzleIterator {
 public:
  PuzzleIterator(GenerateArgs args, std::uint64_t count) : args_(std::move(args)), end_(count) {}

  db::PuzzleRecord next() {
    if (buffer_.empty()) {
      if (next_ >= end_) throw py::stop_iteration();
      const std::uint64_t chunk =
          std::min<std::uint64_t>(end_ - next_, 4 * static_cast<std::uint64_t>(args_.threads));
      for (db::PuzzleRecord& r : generate_range(args_, next_, chunk)) {
        buffer_.push_back(std::move(r));
      }
      next_ += chunk;
    }
    db::PuzzleRecord r = std::move(buffer_.front());
    buffer_.pop_front();
    return r;
  }
  std::uint64_t seed() const { return args_.seed; }

 private:
  GenerateArgs args_;
  std::uint64_t next_ = 0, end_;
  std::deque<db::PuzzleRecord> buffer_;
};

// A record's rating as a Rating (no steps); nullopt for an ungraded catalogue row.
std::optional<grader::Rating> record_rating(const db::PuzzleRecord& r) {
  if (!r.rating_er) return std::nullopt;
  grader::Rating g;
  g.er = *r.rating_er;
  g.ep = r.rating_ep.value_or(0);
  g.ed = r.rating_ed.value_or(0);
  g.level = grader::level_for(g.er);
  if (r.level) g.level = grader::parse_level(*r.level).value_or(g.level);
  g.hardest = r.hardest.value_or("");
  g.techniques = r.techniques;
  return g;
}

std::optional<std::uint64_t> as_unsigned(std::optional<std::int64_t> value) {
  if (!value) return std::nullopt;
  return static_cast<std::uint64_t>(*value);
}

// The catalogue as Python holds it: closable, and used by one thread at a time (a
// db::Catalogue is not thread-safe, and the GIL is released while it works).
class PyCatalogue {
 public:
  PyCatalogue(const std::filesystem::path& path, bool read_only) {
    db::OpenOptions options;
    options.read_only = read_only;
    py::gil_scoped_release release;
    catalogue_ = std::make_unique<db::Catalogue>(path.string(), options);
  }

  // Runs fn(catalogue, stop) through interruptible() under the catalogue's lock.
  template <class Fn>
  auto run(Fn fn) {
    return interruptible([&](const std::atomic<bool>* stop) {
      std::lock_guard lock(mutex_);
      // Checked under the lock: another Python thread may have closed it meanwhile.
      if (!catalogue_) throw std::invalid_argument("the catalogue is closed");
      return fn(*catalogue_, stop);
    });
  }

  void close() {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    catalogue_.reset();
  }
  bool closed() const { return !catalogue_; }

 private:
  std::mutex mutex_;
  std::unique_ptr<db::Catalogue> catalogue_;
};

db::QueryFilter query_filter(const std::optional<std::string>& level,
                             std::optional<double> min_rating, std::optional<double> max_rating,
                             const std::optional<std::string>& technique,
                             std::optional<long long> limit, std::optional<int> size) {
  db::QueryFilter f;
  if (auto l = level_argument(level)) f.level = std::string(grader::level_name(*l));
  f.min_rating = min_rating;
  f.max_rating = max_rating;
  if (technique) f.techniques.push_back(*technique);
  if (limit && *limit < 0) throw py::value_error("limit must be >= 0");
  f.limit = limit;
  f.size = size;
  f.with_techniques = true;
  return f;
}

// add()'s argument: one puzzle (a Puzzle or text) or an iterable of them. Text is
// analysed like `sudoforge db import` does, with source "python".
db::AddResult add_puzzles(PyCatalogue& catalogue, const py::handle& items) {
  std::vector<py::handle> list;
  py::list held;  // keeps an iterable's items alive
  if (py::isinstance<py::str>(items) || py::isinstance<db::PuzzleRecord>(items)) {
    list.push_back(items);
  } else {
    for (py::handle item : items) held.append(item);
    for (py::handle item : held) list.push_back(item);
  }
  std::vector<db::PuzzleRecord> records(list.size());
  std::vector<std::optional<Record>> texts(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (py::isinstance<py::str>(list[i])) {
      texts[i] = read_puzzle(list[i].cast<std::string>());
    } else if (py::isinstance<db::PuzzleRecord>(list[i])) {
      records[i] = list[i].cast<db::PuzzleRecord>();
      records[i].id = 0;
    } else {
      throw py::type_error("add() takes Puzzle objects or puzzle strings");
    }
  }
  return catalogue.run([&](db::Catalogue& c, const std::atomic<bool>* stop) {
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (!texts[i]) continue;
      try {
        records[i] = workflow::record_from(texts[i]->grid, analyze(*texts[i], false, stop));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("puzzle " + std::to_string(i) + ": " + e.what());
      }
      records[i].source = "python";
    }
    return c.add(records);
  });
}

}  // namespace
}  // namespace sudoforge::python

PYBIND11_MODULE(_sudoforge, m) {
  using namespace sudoforge;
  using namespace sudoforge::python;
  m.doc() = "sudoforge: generate, solve, grade and catalogue Sudoku puzzles";
  m.attr("__version__") = SUDOFORGE_VERSION;

  static py::exception<db::CatalogueError> catalogue_error(m, "CatalogueError", PyExc_OSError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const db::CatalogueError& e) {
      py::object error = py::handle(catalogue_error.ptr())(e.what());  // an instance
      error.attr("category") = std::string(db::CatalogueError::category_name(e.category()));
      PyErr_SetObject(catalogue_error.ptr(), error.ptr());
    } catch (const ParseError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const ConflictingGivens& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  py::class_<grader::Step>(m, "Step", "One step of a puzzle's solution path.")
      .def_readonly("technique", &grader::Step::technique)
      .def_readonly("rating", &grader::Step::rating)
      .def_readonly("explanation", &grader::Step::explanation)
      .def_readonly("placements", &grader::Step::placements, "(cell, value) pairs")
      .def_readonly("eliminations", &grader::Step::eliminations, "(cell, value) pairs")
      .def_readonly("cells", &grader::Step::cells, "the cells of the pattern")
      .def("__repr__", [](const grader::Step& s) {
        return "<Step " + s.technique + " " + s.explanation + ">";
      });

  py::class_<grader::Rating>(m, "Rating", "A puzzle's rating on the Sudoku Explainer scale.")
      .def_readonly("er", &grader::Rating::er)
      .def_readonly("ep", &grader::Rating::ep)
      .def_readonly("ed", &grader::Rating::ed)
      .def_property_readonly(
          "level", [](const grader::Rating& r) { return std::string(grader::level_name(r.level)); })
      .def_readonly("hardest", &grader::Rating::hardest)
      .def_readonly("techniques", &grader::Rating::techniques)
      .def_readonly("complete", &grader::Rating::complete)
      .def_readonly("steps", &grader::Rating::steps)
      .def("__repr__", [](const grader::Rating& r) {
        return "<Rating er=" + workflow::exact_text(r.er) + " ep=" + workflow::exact_text(r.ep) +
               " ed=" + workflow::exact_text(r.ed) + " " +
               std::string(grader::level_name(r.level)) + ">";
      });

  py::class_<db::PuzzleRecord>(m, "Puzzle", "A puzzle with its solution and rating.")
      .def_property_readonly("givens",
                             [](const db::PuzzleRecord& r) { return db::grid_to_text(r.givens); })
      .def_property_readonly("solution",
                             [](const db::PuzzleRecord& r) -> std::optional<std::string> {
                               if (!r.solution) return std::nullopt;
                               return db::grid_to_text(*r.solution);
                             })
      .def_property_readonly("rating", &record_rating)
      .def_readonly("level", &db::PuzzleRecord::level)
      .def_readonly("techniques", &db::PuzzleRecord::techniques)
      .def_readonly("symmetry", &db::PuzzleRecord::symmetry)
      .def_readonly("minimal", &db::PuzzleRecord::minimal)
      .def_property_readonly("size", &db::PuzzleRecord::size)
      .def_property_readonly("clues", &db::PuzzleRecord::clues)
      // Stored as SQLite's signed 64 bits; Python sees the unsigned values generate() takes.
      .def_property_readonly("seed", [](const db::PuzzleRecord& r) { return as_unsigned(r.seed); })
      .def_property_readonly("index",
                             [](const db::PuzzleRecord& r) { return as_unsigned(r.gen_index); })
      .def_property_readonly("id",
                             [](const db::PuzzleRecord& r) -> std::optional<std::int64_t> {
                               if (r.id == 0) return std::nullopt;
                               return r.id;
                             })
      .def("__str__", [](const db::PuzzleRecord& r) { return db::grid_to_text(r.givens); })
      .def("__repr__", [](const db::PuzzleRecord& r) {
        return "<Puzzle " + db::grid_to_text(r.givens) + " " + r.level.value_or("ungraded") + ">";
      });

  py::class_<db::AddResult>(m, "AddResult", "What Catalogue.add stored.")
      .def_readonly("added", &db::AddResult::added)
      .def_readonly("duplicates", &db::AddResult::duplicates)
      .def("__repr__", [](const db::AddResult& r) {
        return "<AddResult added=" + std::to_string(r.added) +
               " duplicates=" + std::to_string(r.duplicates) + ">";
      });

  m.def(
      "solve",
      [](const std::string& puzzle) -> std::optional<std::string> {
        const Record record = read_puzzle(puzzle);
        auto solve_on = [&](const std::atomic<bool>* stop) {
          SudokuSolver solver;
          solver.set_limits(SearchLimits{0, stop});
          return solver.solve(record.grid);
        };
        // A classic 9x9 search ends within milliseconds; larger boards may search long.
        std::optional<Grid> solution;
        if (record.grid.geometry().is_classic() && record.grid.size() <= 9) {
          py::gil_scoped_release release;
          solution = sudoforge::solve(record.grid);
        } else {
          solution = interruptible(solve_on);
        }
        if (!solution) return std::nullopt;
        return to_line(*solution, record.style);
      },
      py::arg("puzzle"),
      "One solution of the puzzle (any layout the CLI reads) in its alphabet, or None.");

  m.def(
      "count",
      [](const std::string& puzzle, std::uint64_t limit) {
        if (limit < 1) throw py::value_error("limit must be >= 1");
        const Record record = read_puzzle(puzzle);
        // A uniqueness check of a classic board ends within milliseconds.
        if (limit <= 2 && record.grid.geometry().is_classic() && record.grid.size() <= 9) {
          py::gil_scoped_release release;
          return count_solutions(record.grid, limit);
        }
        return interruptible([&](const std::atomic<bool>* stop) {
          SudokuSolver solver;
          solver.set_limits(SearchLimits{0, stop});
          return solver.count(record.grid, limit);
        });
      },
      py::arg("puzzle"), py::arg("limit") = 2,
      "The number of solutions, counting stops at limit (2: is it unique?).");

  m.def(
      "grade",
      [](const std::string& puzzle, bool explain) {
        const Record record = read_puzzle(puzzle);
        return interruptible(
            [&](const std::atomic<bool>* stop) { return analyze(record, explain, stop).rating; });
      },
      py::arg("puzzle"), py::arg("explain") = false,
      "The puzzle's rating; with explain=True its steps too. ValueError unless the puzzle "
      "has exactly one solution.");

  m.def(
      "generate",
      [](std::uint64_t count, std::optional<std::string> level, std::optional<std::uint64_t> seed,
         const std::string& symmetry, int threads, int size, std::optional<double> min_rating,
         std::optional<double> max_rating) {
        const GenerateArgs args =
            generate_args(level, seed, symmetry, threads, size, min_rating, max_rating);
        return generate_range(args, 0, count);
      },
      py::arg("count") = 1, py::arg("level") = py::none(), py::arg("seed") = py::none(),
      py::arg("symmetry") = "none", py::arg("threads") = 1, py::arg("size") = 9,
      py::arg("min_rating") = py::none(), py::arg("max_rating") = py::none(),
      "A list of `count` unique puzzles, each graded. Puzzle i of a seed is the same for "
      "every thread count (and the same as `sudoforge generate`'s).");

  py::class_<PuzzleIterator>(m, "PuzzleIterator", "The puzzles of iter_generate(), made lazily.")
      .def("__iter__", [](PuzzleIterator& it) -> PuzzleIterator& { return it; })
      .def("__next__", &PuzzleIterator::next)
      .def_property_readonly("seed", &PuzzleIterator::seed);

  m.def(
      "iter_generate",
      [](std::uint64_t count, std::optional<std::string> level, std::optional<std::uint64_t> seed,
         const std::string& symmetry, int threads, int size, std::optional<double> min_rating,
         std::optional<double> max_rating) {
        return PuzzleIterator(
            generate_args(level, seed, symmetry, threads, size, min_rating, max_rating), count);
      },
      py::arg("count") = 1, py::arg("level") = py::none(), py::arg("seed") = py::none(),
      py::arg("symmetry") = "none", py::arg("threads") = 1, py::arg("size") = 9,
      py::arg("min_rating") = py::none(), py::arg("max_rating") = py::none(),
      "generate() as an iterator: puzzles are made a few at a time as they are consumed.");

  py::class_<PyCatalogue>(m, "Catalogue", "A sudoforge catalogue (SQLite file).")
      .def(py::init<const std::filesystem::path&, bool>(), py::arg("path"),
           py::arg("read_only") = false)
      .def(
          "query",
          [](PyCatalogue& self, std::optional<std::string> level, std::optional<double> min_rating,
             std::optional<double> max_rating, std::optional<std::string> technique,
             std::optional<long long> limit, std::optional<int> size) {
            const db::QueryFilter f =
                query_filter(level, min_rating, max_rating, technique, limit, size);
            return self.run([&](db::Catalogue& c, const std::atomic<bool>* stop) {
              std::vector<db::PuzzleRecord> out;
              c.query(f, [&](const db::PuzzleRecord& r) {
                out.push_back(r);
                return !stop->load();
              });
              return out;
            });
          },
          py::kw_only(), py::arg("level") = py::none(), py::arg("min_rating") = py::none(),
          py::arg("max_rating") = py::none(), py::arg("technique") = py::none(),
          py::arg("limit") = py::none(), py::arg("size") = py::none(),
          "The matching puzzles in id order.")
      .def(
          "count",
          [](PyCatalogue& self, std::optional<std::string> level, std::optional<double> min_rating,
             std::optional<double> max_rating, std::optional<std::string> technique,
             std::optional<int> size) {
            const db::QueryFilter f =
                query_filter(level, min_rating, max_rating, technique, std::nullopt, size);
            return self.run([&](db::Catalogue& c, const std::atomic<bool>*) { return c.count(f); });
          },
          py::kw_only(), py::arg("level") = py::none(), py::arg("min_rating") = py::none(),
          py::arg("max_rating") = py::none(), py::arg("technique") = py::none(),
          py::arg("size") = py::none(), "How many puzzles match.")
      .def("add", &add_puzzles, py::arg("puzzles"),
           "Stores puzzles (Puzzle objects, or text to analyse) in one transaction; "
           "isomorphic duplicates are counted, not stored.")
      .def(
          "get",
          [](PyCatalogue& self, std::int64_t id) {
            return self.run([&](db::Catalogue& c, const std::atomic<bool>*) { return c.get(id); });
          },
          py::arg("id"), "The puzzle with this id, or None.")
      .def("close", &PyCatalogue::close)
      .def_property_readonly("closed", &PyCatalogue::closed)
      .def("__enter__", [](PyCatalogue& self) -> PyCatalogue& { return self; })
      .def("__exit__", [](PyCatalogue& self, py::args) { self.close(); });
}
