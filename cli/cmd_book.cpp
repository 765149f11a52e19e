// sudoforge book: a print-ready PDF puzzle book with an answer key, drawn from the
// catalogue with the `db query` filters (default: puzzles never printed in a book).
//
// Order of operations, so a failure never records a book whose file is missing and
// never leaves a half-written FILE:
//   1. select the puzzles (read);
//   2. render the whole PDF to FILE.part (nothing recorded yet);
//   3. in one IMMEDIATE transaction: check the puzzles are still unused (another book may
//      have taken some since step 1), insert the book and its puzzle rows, rename
//      FILE.part -> FILE, COMMIT.
// Any failure in 2 or 3 rolls the transaction back and deletes FILE.part, or FILE when
// the rename had happened but the commit failed; the exit code is then 3. A crash between
// rename and commit leaves a PDF that is not recorded (its puzzles may then be printed
// again) — never a recorded book without its file.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "input.h"
#include "query_options.h"
#include "step_pictures.h"
#include "sudoforge/book/book.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/grader/grader.h"
#include "sudoforge/solver/sudoku_solver.h"

namespace sudoforge::cli {
namespace {

constexpr const char* kBookUsage =
    "sudoforge book --count N -o FILE.pdf [FILTERS] [OPTIONS]\n"
    "       sudoforge book FILE... -o FILE.pdf [--variant V] [--count N] [OPTIONS]";
constexpr const char* kExamples =
    "  sudoforge book --count 60 --level hard --title 'Hard Sudoku' -o hard.pdf\n"
    "  sudoforge book --count 60 --level hard --title 'Hard Sudoku, Vol. 2' -o hard2.pdf\n"
    "                                      (no puzzle of the first book is repeated)\n"
    "  sudoforge book --count 24 --per-page 6 --paper letter --min-rating 2 --max-rating 4 \\\n"
    "                 --symmetry rot180 --subtitle 'Symmetric puzzles' -o book.pdf\n"
    "  sudoforge book --count 10 --level expert --dry-run   show the selection, record nothing\n"
    "  sudoforge book --count 6 --per-page 1 --size 16 -o big.pdf      16x16 (letters A-P)\n"
    "  sudoforge book --count 20 --order random --seed 3 --technique 'x wing' -o xw.pdf\n"
    "  sudoforge generate --variant x -n 8 --seed 1 > x.txt\n"
    "  sudoforge book x.txt --variant x --title 'X Sudoku' -o x.pdf       from a file\n"
    "  sudoforge book mixed.csv -o mixed.pdf     each record's board from its variant column\n"
    "  sudoforge book --count 12 --level expert --hints -o expert.pdf   with a hints section\n"
    "  sudoforge book killers.txt --title 'Killer Sudoku' -o killer.pdf   killers from a file\n"
    "  sudoforge book --count 20 --variant killer -o killer.pdf            from the catalogue\n"
    "  sudoforge book killers.txt --hints -o killer.pdf     killers with a hints section\n"
    "\n"
    "Puzzles are chosen with the 'db query' filters in --order (default id: oldest first),\n"
    "from those never printed in a book unless --reuse is given, and printed from the\n"
    "lowest rating to the highest. Every puzzle is captioned '#ID · level · rating'; the\n"
    "answer pages at the end show each solution under its #ID. The printed puzzles are\n"
    "recorded in the catalogue (tables books, book_puzzles), so the next book drawn from\n"
    "unused puzzles never repeats one. The PDF is written to FILE.part and renamed into\n"
    "place in the same transaction that records the book: a failure records nothing.\n"
    "A FILE that holds an earlier recorded book is not overwritten (exit 2) unless --force\n"
    "is given; that book's record then no longer names the file.\n"
    "With FILEs ('-': stdin) the book prints their records instead, in file order (the\n"
    "first --count when given), captioned '#1', '#2' ...; nothing is recorded and the\n"
    "catalogue filters do not apply. Every record's board comes from --variant or a CSV\n"
    "variant column (README, Variants), so one book can mix classic and variant puzzles.\n"
    "From the catalogue every puzzle comes with its own board; --variant V then selects\n"
    "the puzzles of that variant (without it a book may mix variants).\n"
    "A record with conflicting givens or without exactly one solution is reported as\n"
    "FILE:LINE and left out; the others are printed (exit 1).\n"
    "Variant puzzles carry their marks (X's diagonals and Windoku's windows shaded, Disjoint\n"
    "Groups' place-in-box corner marks, the nine cells of Asterisk, Centre Dot, Girandola\n"
    "shaded, jigsaw regions outlined, killer cages dashed with their sums) and, under the\n"
    "caption, a one-line rule reminder\n"
    "(e.g. 'X: each shaded diagonal also holds 1-9 once'); the answers show the same marks\n"
    "but killer cages.\n"
    "--hints adds a hints section before the answers: each puzzle's first step that needs\n"
    "more than singles, drawn on its candidate grid (the pattern's cells shaded, eliminated\n"
    "candidates red and struck, a placed value green and circled) with its sentence; the\n"
    "puzzles that singles alone solve are listed as such. On a killer the hint also passes\n"
    "over the cage sums and combinations (its cages drawn on the grid), so it is the first\n"
    "deduction such as 'innie r4c5 = 45 - 38 = 7 (box 5)'.\n"
    "Exit codes: 0 done; 1 fewer matching puzzles than --count (nothing written or\n"
    "recorded), or bad FILE records; 2 usage error; 3 catalogue or file error (nothing\n"
    "recorded).\n";

std::string rating_text(const std::optional<double>& r) {
  if (!r) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", *r);
  return buf;
}

std::string caption_of(const db::PuzzleRecord& r) {
  std::string s(1, '#');
  s += std::to_string(r.id);
  if (r.level) s.append(" \u00b7 ").append(*r.level);
  if (r.rating_er) s.append(" \u00b7 ").append(rating_text(r.rating_er));
  return s;
}

// The title page's info lines: the level (asked or found), the rating range, the count.
std::vector<std::string> info_lines(const std::vector<db::PuzzleRecord>& recs,
                                    const db::QueryFilter& filter) {
  std::vector<std::string> lines;
  std::vector<std::string> levels;  // in order of rating
  double lo = 1e300, hi = -1e300;
  for (const auto& r : recs) {
    if (r.level && std::find(levels.begin(), levels.end(), *r.level) == levels.end()) {
      levels.push_back(*r.level);
    }
    if (r.rating_er) {
      lo = std::min(lo, *r.rating_er);
      hi = std::max(hi, *r.rating_er);
    }
  }
  auto cap = [](std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
  };
  if (filter.level) {
    lines.push_back("Level: " + cap(*filter.level));
  } else if (levels.size() == 1) {
    lines.push_back("Level: " + cap(levels.front()));
  } else if (levels.size() > 1) {
    lines.push_back("Levels: " + cap(levels.front()) + " to " + cap(levels.back()));
  }
  if (lo <= hi) {
    lines.push_back(lo == hi ? "Rating " + rating_text(lo) + " (Sudoku Explainer scale)"
                             : "Ratings " + rating_text(lo) + " to " + rating_text(hi) +
                                   " (Sudoku Explainer scale)");
  }
  lines.push_back(count_of(recs.size(), "puzzle") + ", answers at the back");
  return lines;
}

// Writes the book bound for `out` to out.part and returns that name; the caller renames
// it into place. A failure removes it and throws IoError.
// Grades `p` (with its steps) and attaches its hint; on its variant's board when the record
// keeps the variant apart, so the picture shows the variant's marks.
void attach_hint(book::BookPuzzle& p, grader::Grader& grader) {
  const Geometry board = book::board_of(p);
  if (!(board == p.givens.geometry())) {
    p.givens =
        Grid(board, std::vector<std::uint8_t>(p.givens.cells().begin(), p.givens.cells().end()));
  }
  p.hint = first_hint(p.givens, grader.rate(p.givens, true));
}

std::string write_part(const std::string& out, const std::vector<book::BookPuzzle>& items,
                       const book::BookOptions& options) {
  const std::string part = out + ".part";
  try {
    book::write_book(part, items, options);
  } catch (const book::BookError& e) {
    std::remove(part.c_str());
    throw IoError(out + ": " + e.what());
  }
  return part;
}

void describe_plan(std::ostream& os, std::size_t puzzles, const book::BookLayout& plan) {
  os << count_of(puzzles, "puzzle") << ", " << count_of(plan.pages, "page") << " (title, "
     << count_of(plan.puzzle_pages, "puzzle page");
  if (plan.hint_pages) os << ", " << count_of(plan.hint_pages, "hint page");
  if (plan.answer_pages) {
    os << ", " << count_of(plan.answer_pages, "answer page") << " from page "
       << plan.first_answer_page;
  }
  os << ")";
}

// The book of FILE records: each checked (consistent givens, exactly one solution), bad
// ones reported as FILE:LINE and left out; nothing touches the catalogue.
int book_from_files(const std::vector<std::string>& files, const ReaderOptions& reader,
                    long long count, bool dry_run, const std::string& out,
                    book::BookOptions options) {
  Diagnostics diagnostics;
  std::vector<book::BookPuzzle> items;
  SudokuSolver solver;
  grader::Grader grader;
  for_each_record(files, reader, diagnostics, [&](const Record& rec, const std::string& source) {
    const Grid& givens = rec.grid;
    if (const std::string conflict = describe_conflict(givens, Alphabet::standard(givens.size()));
        !conflict.empty()) {
      diagnostics.record_error(source, rec.line, conflict);
      return true;
    }
    std::optional<Grid> solution;
    const std::uint64_t n = solver.enumerate(
        givens,
        [&](const Grid& s) {
          solution = s;
          return true;
        },
        2);
    if (n != 1) {
      diagnostics.record_error(source, rec.line, n == 0 ? "no solution" : "more than one solution");
      return true;
    }
    book::BookPuzzle p;
    p.givens = givens;
    p.solution = std::move(solution);
    p.label = "#" + std::to_string(items.size() + 1);
    p.caption = p.label;
    if (options.hints && !dry_run) {
      try {
        attach_hint(p, grader);
      } catch (const book::ReplayError& e) {
        diagnostics.record_error(source, rec.line,
                                 std::string("cannot draw its hint: ") + e.what());
        return true;
      }
    }
    items.push_back(std::move(p));
    return count == 0 || static_cast<long long>(items.size()) < count;
  });
  diagnostics.note_empty_input("book");
  if (items.empty()) {
    if (diagnostics.records_read() > 0) {
      std::cerr << "sudoforge book: no good puzzle: nothing written\n";
    }
    return diagnostics.exit_code();
  }
  options.info = {count_of(items.size(), "puzzle") +
                  (options.answers ? ", answers at the back" : "")};
  const book::BookLayout plan = book::plan_book(items, options);
  if (dry_run) {
    for (const auto& p : items) {
      std::cout << p.label << ' ' << Variant::of(p.givens.geometry()).name() << ' '
                << db::grid_to_text(p.givens) << '\n';
    }
    std::cerr << "sudoforge book: dry run: ";
    describe_plan(std::cerr, items.size(), plan);
    std::cerr << "; nothing written\n";
    return diagnostics.exit_code();
  }
  const std::string part = write_part(out, items, options);
  if (std::rename(part.c_str(), out.c_str()) != 0) {
    std::remove(part.c_str());
    throw IoError(out + ": cannot write");
  }
  std::cerr << "sudoforge book: " << out << ": ";
  describe_plan(std::cerr, items.size(), plan);
  std::cerr << '\n';
  return diagnostics.exit_code();
}

}  // namespace

int cmd_book(const Invocation& inv) {
  po::options_description o("book options");
  add_catalogue_options(o);
  po::options_description filters("catalogue filters (not with FILEs)");
  add_filter_options(filters, FilterOptionSet{.limit = false, .unused = true, .default_order = "id", .seed = true});
  o.add(filters);
  o.add_options()
    ("files", po::value<std::vector<std::string>>(), "puzzle files to print instead of catalogue puzzles ('-': stdin)")
    ("count,n", po::value<long long>(), "number of puzzles (required from the catalogue; with FILEs: the first N)")
    ("per-page", po::value<int>()->default_value(4), "puzzles per page: 1, 2, 4 or 6")
    ("title", po::value<std::string>()->default_value("Sudoku"),
     "book title ('Killer Sudoku' with --variant killer)")
    ("subtitle", po::value<std::string>()->default_value(""), "line under the title")
    ("paper", po::value<std::string>()->default_value("a4"), "a4 or letter")
    ("out,o", po::value<std::string>(), "PDF file to write (required unless --dry-run)")
    ("reuse", po::bool_switch(), "also take puzzles printed in earlier books")
    ("force", po::bool_switch(), "overwrite FILE even when an earlier book was recorded as it")
    ("no-answers", po::bool_switch(), "leave out the answer pages")
    ("hints", po::bool_switch(), "a hints section: each puzzle's first step beyond singles, drawn")
    ("dry-run", po::bool_switch(), "print the selection and the page plan; write and record nothing");
  add_variant_option(o);
  po::variables_map vm;
  if (!parse_options(inv, o, kBookUsage, kExamples, vm, "files")) return kOk;

  const std::vector<std::string> files = input_files(vm);
  if (files.empty() && !vm.count("count")) throw UsageError("book needs --count N (or puzzle FILEs)");
  const long long count = vm.count("count") ? vm["count"].as<long long>() : 0;
  if (vm.count("count") && (count < 1 || count > 100000)) {
    throw UsageError("--count must be 1 to 100000");
  }
  if (!files.empty()) {
    for (const auto& option : filters.options()) {
      const std::string& name = option->long_name();
      if (vm.count(name) && !vm[name].defaulted()) {
        throw UsageError("--" + name + " selects catalogue puzzles; with FILEs every record is printed");
      }
    }
  }
  book::BookOptions options;
  options.per_page = vm["per-page"].as<int>();
  if (options.per_page != 1 && options.per_page != 2 && options.per_page != 4 && options.per_page != 6) {
    throw UsageError("--per-page must be 1, 2, 4 or 6");
  }
  const auto paper = book::parse_paper(vm["paper"].as<std::string>());
  if (!paper) throw UsageError("bad --paper '" + vm["paper"].as<std::string>() + "': use a4 or letter");
  options.paper = *paper;
  options.title = vm["title"].as<std::string>();
  // A book of killers says so on its title page unless --title names it.
  if (vm["title"].defaulted() && vm.count("variant") && variant_from(vm) &&
      variant_from(vm)->has(Variant::kKiller)) {
    options.title = "Killer Sudoku";
  }
  options.subtitle = vm["subtitle"].as<std::string>();
  options.answers = !vm["no-answers"].as<bool>();
  options.hints = vm["hints"].as<bool>();
  const bool dry_run = vm["dry-run"].as<bool>();
  const bool reuse = vm["reuse"].as<bool>();
  if (reuse && vm["unused"].as<bool>()) throw UsageError("--reuse and --unused contradict each other");
  if (!dry_run && !vm.count("out")) throw UsageError("book needs -o FILE.pdf (or --dry-run)");
  const std::string out = vm.count("out") ? vm["out"].as<std::string>() : "";
  if (!files.empty()) {
    ReaderOptions reader;
    reader.variant = variant_from(vm);
    return book_from_files(files, reader, count, dry_run, out, options);
  }

  db::QueryFilter filter = filter_from(vm);
  filter.unused = !reuse;
  filter.limit = count;
  const std::string path = resolve_db(vm);
  try {
    db::OpenOptions open = open_options(vm, dry_run);
    open.create = false;  // a missing catalogue is an error, not a new empty file
    db::Catalogue cat(path, open);
    std::vector<db::PuzzleRecord> recs = cat.query(filter);
    if (static_cast<long long>(recs.size()) < count) {
      std::cerr << "sudoforge book: only " << recs.size() << " puzzle"
                << (recs.size() == 1 ? "" : "s") << " match" << (recs.size() == 1 ? "es" : "")
                << (reuse ? "" : " and are unused") << ", " << count
                << " asked for: nothing written\n";
      return kRecordsFailed;
    }
    // Printed from the easiest to the hardest (ungraded last), ties by id.
    std::stable_sort(recs.begin(), recs.end(), [](const db::PuzzleRecord& a, const db::PuzzleRecord& b) {
      const double ra = a.rating_er.value_or(1e9), rb = b.rating_er.value_or(1e9);
      return ra != rb ? ra < rb : a.id < b.id;
    });
    std::vector<book::BookPuzzle> items;
    std::vector<std::int64_t> ids;
    grader::Grader grader;
    for (const auto& r : recs) {
      book::BookPuzzle p;
      p.givens = r.givens;
      p.solution = r.solution;
      if (!p.solution && options.answers) p.solution = solve(r.givens);
      if (!p.solution && options.answers) {
        std::cerr << "sudoforge book: puzzle #" << r.id << " has no solution: nothing written\n";
        return kRecordsFailed;
      }
      p.caption = caption_of(r);
      p.label = std::string(1, '#').append(std::to_string(r.id));
      if (options.hints && !dry_run) {
        try {
          attach_hint(p, grader);
        } catch (const book::ReplayError& e) {
          std::cerr << "sudoforge book: puzzle #" << r.id << ": cannot draw its hint: " << e.what()
                    << ": nothing written\n";
          return kRecordsFailed;
        }
      }
      items.push_back(std::move(p));
      ids.push_back(r.id);
    }
    options.info = info_lines(recs, filter);
    const book::BookLayout plan = book::plan_book(items, options);
    if (plan.smallest_cell < 14) {
      std::cerr << "sudoforge book: note: cells are " << std::lround(plan.smallest_cell * 25.4 / 72)
                << " mm wide at " << options.per_page
                << " per page; fewer per page (--per-page) print larger\n";
    }
    auto describe = [&](std::ostream& os) { describe_plan(os, recs.size(), plan); };
    if (dry_run) {
      for (const auto& r : recs) {
        std::cout << '#' << r.id << ' ' << r.level.value_or("-") << ' '
                  << (r.rating_er ? rating_text(r.rating_er) : "-") << ' '
                  << db::grid_to_text(r.givens) << '\n';
      }
      std::cerr << "sudoforge book: dry run: ";
      describe(std::cerr);
      std::cerr << "; nothing written or recorded\n";
      return kOk;
    }

    // An earlier book's file is not overwritten unless --force says so; then that book's
    // record forgets the file (it holds this book now).
    db::Catalogue::NewBook book_record{options.title, options.subtitle, out, {}};
    for (const db::BookRecord& b : cat.books()) {
      std::error_code ec;
      if (b.file && std::filesystem::equivalent(*b.file, out, ec)) {
        if (!vm["force"].as<bool>()) {
          throw UsageError(out + " holds book " + std::to_string(b.id) + " ('" + b.title +
                           "', " + b.created +
                           ") as recorded in the catalogue: choose another -o, or --force to "
                           "overwrite it");
        }
        book_record.overwrites.push_back(b.id);
      }
    }
    const std::string part = write_part(out, items, options);
    bool renamed = false;
    std::int64_t book_id = 0;
    try {
      book_id = cat.record_book(book_record, ids, !reuse, [&] {
        if (std::rename(part.c_str(), out.c_str()) != 0) throw IoError(out + ": cannot write");
        renamed = true;
      });
    } catch (...) {
      std::remove((renamed ? out : part).c_str());
      throw;
    }
    std::cerr << "sudoforge book: " << out << ": ";
    describe(std::cerr);
    std::cerr << "; recorded as book " << book_id << " in " << path << '\n';
    return kOk;
  } catch (const db::CatalogueError& e) {
    std::cerr << "sudoforge book: " << e.what() << " ["
              << db::CatalogueError::category_name(e.category()) << "]: nothing recorded\n";
    return kIo;
  }
}

}  // namespace sudoforge::cli
