#include "sudoforge/db/catalogue.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "sudoforge/core/canonical.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/record_writer.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/db/schema.h"
#include "sudoforge/db/transaction.h"

namespace sudoforge::db {
namespace {

constexpr const char* kColumns =
    "p.id, p.givens, p.solution, p.size, p.clues, p.symmetry, p.minimal, p.rating_er, "
    "p.rating_ep, p.rating_ed, p.level, p.hardest, p.dlx_nodes, p.guesses, p.source, p.seed, "
    "p.created, p.canonical";
// Appended to kColumns: the generation columns, or NULLs on a read-only file older than
// version 4.
constexpr const char* kGenColumns = ", p.gen_index, p.gen_options";
constexpr const char* kNoGenColumns = ", NULL, NULL";
// Appended after those: the board columns, or a classic board's before version 6.
constexpr const char* kBoardColumns = ", p.variant, p.regions";
constexpr const char* kNoBoardColumns = ", 'classic', NULL";

// The board a row's variant and regions describe. Boards with extra houses are built once
// per thread (a query may read a million rows of one board); jigsaw boards per row.
// Throws CatalogueError kCorrupt for columns that describe no board.
Geometry board_of(int size, const std::string& variant, const std::optional<std::string>& regions) {
  if (variant == "classic" && !regions) {
    if (!Geometry::is_supported_size(size)) {
      throw CatalogueError(CatalogueError::Category::kCorrupt, 0,
                           "stored board of size " + std::to_string(size) + " is malformed");
    }
    return Geometry::for_size(size);
  }
  try {
    const Variant v = Variant::parse(variant);
    // A killer row's regions column holds its cages (MAP;SUMS, killer_text.h).
    if (v.has(Variant::kKiller)) {
      const Geometry board = parse_killer_layout(v, regions.value_or(""));
      if (board.size() != size) throw std::invalid_argument("cages of another size");
      return board;
    }
    if (regions) {
      const Alphabet alphabet = Alphabet::standard(size);
      std::vector<int> labels;
      labels.reserve(regions->size());
      for (char c : *regions) labels.push_back(alphabet.value(c) - 1);
      return v.apply(Geometry::with_regions(size, labels));
    }
    thread_local std::vector<std::pair<std::pair<int, std::string>, Geometry>> boards;
    for (const auto& [key, board] : boards) {
      if (key.first == size && key.second == variant) return board;
    }
    const Geometry board = v.apply(Geometry::for_size(size));
    boards.emplace_back(std::pair{size, variant}, board);
    return board;
  } catch (const std::exception& e) {
    throw CatalogueError(CatalogueError::Category::kCorrupt, 0,
                         "stored board (" + variant + ", size " + std::to_string(size) +
                             ") is malformed: " + e.what());
  }
}

PuzzleRecord read_record(const Statement& st) {
  PuzzleRecord r;
  r.id = st.column_int64(0);
  const Geometry board =
      board_of(st.column_int(3), st.column_text(20), st.column_optional_text(21));
  r.givens = grid_from_text(st.column_text(1), board);
  if (!st.is_null(2)) r.solution = grid_from_text(st.column_text(2), board);
  r.symmetry = st.column_text(5);
  if (!st.is_null(6)) r.minimal = st.column_int64(6) != 0;
  r.rating_er = st.column_optional_double(7);
  r.rating_ep = st.column_optional_double(8);
  r.rating_ed = st.column_optional_double(9);
  r.level = st.column_optional_text(10);
  r.hardest = st.column_optional_text(11);
  r.dlx_nodes = st.column_optional_int64(12);
  r.guesses = st.column_optional_int64(13);
  r.source = st.column_text(14);
  r.seed = st.column_optional_int64(15);
  r.created = st.column_text(16);
  r.canonical = st.column_text(17);
  r.gen_index = st.column_optional_int64(18);
  r.gen_options = st.column_optional_text(19);
  return r;
}

// The WHERE clause for a filter: fixed SQL fragments with numbered parameters only; the
// values go to `bind` in the same order.
struct Where {
  std::string sql;
  std::vector<std::function<void(Statement&, int)>> binds;

  void add(const std::string& clause) { sql += (sql.empty() ? " WHERE " : " AND ") + clause; }
  template <class T>
  void add(const std::string& clause_with_placeholder, T value) {
    add(clause_with_placeholder);
    binds.push_back([value](Statement& st, int i) { st.bind(i, value); });
  }
  void bind_all(Statement& st) const {
    for (std::size_t i = 0; i < binds.size(); ++i) binds[i](st, static_cast<int>(i) + 1);
  }
};

// rating_index = false writes the rating bounds with unary +, so SQLite cannot drive the
// search with a rating index (for the walk along rnd, see Catalogue::query).
// A file of a schema before version 6 (read-only) has no variant column: all classic.
Where build_where(const QueryFilter& f, int version, bool rating_index = true) {
  Where w;
  if (f.level) w.add("p.level = ?", *f.level);
  if (f.min_rating) w.add(rating_index ? "p.rating_er >= ?" : "+p.rating_er >= ?", *f.min_rating);
  if (f.max_rating) w.add(rating_index ? "p.rating_er <= ?" : "+p.rating_er <= ?", *f.max_rating);
  for (const std::string& t : f.techniques) {
    w.add("EXISTS (SELECT 1 FROM puzzle_techniques t WHERE t.technique = ? AND t.puzzle_id = p.id)",
          t);
  }
  // Unary + keeps SQLite from driving the search with the clues index: clue counts take
  // ~20 values, so a clue range rarely narrows much, and without stat4 the planner
  // overrates it (db/PERF_NOTES.md). --order clues still uses it.
  if (f.min_clues) w.add("+p.clues >= ?", static_cast<std::int64_t>(*f.min_clues));
  if (f.max_clues) w.add("+p.clues <= ?", static_cast<std::int64_t>(*f.max_clues));
  if (f.symmetry) w.add("p.symmetry = ?", *f.symmetry);
  if (f.size) w.add("p.size = ?", static_cast<std::int64_t>(*f.size));
  if (f.unused) w.add("NOT EXISTS (SELECT 1 FROM book_puzzles b WHERE b.puzzle_id = p.id)");
  if (f.source) w.add("p.source = ?", *f.source);
  // 'classic' written out, so that the planner may take the partial index of the other
  // variants (schema.h, version 6) for them, and leaves it for classic.
  if (f.variant && version < 6) {
    if (*f.variant != "classic") w.add("0");
  } else if (f.variant && *f.variant == "classic") {
    w.add("p.variant = 'classic'");
  } else if (f.variant) {
    w.add("p.variant = ? AND p.variant <> 'classic'", *f.variant);
  }
  if (f.not_drawn_by && version >= 7) {
    w.add("NOT EXISTS (SELECT 1 FROM draws d WHERE d.consumer = ? AND d.puzzle_id = p.id)",
          *f.not_drawn_by);
  }
  return w;
}

// " LIMIT ?n OFFSET ?m" for a filter's limit and offset, numbered from `first`; SQLite
// needs a LIMIT to take an OFFSET (-1: none). Binds them with bind_limits.
std::string limit_sql(const QueryFilter& f, int first) {
  if (!f.limit && !f.offset) return "";
  return " LIMIT ?" + std::to_string(first) + " OFFSET ?" + std::to_string(first + 1);
}
void bind_limits(Statement& st, const QueryFilter& f, int first) {
  if (!f.limit && !f.offset) return;
  st.bind(first, static_cast<std::int64_t>(f.limit.value_or(-1)));
  st.bind(first + 1, static_cast<std::int64_t>(f.offset.value_or(0)));
}

// sudoforge_mix(seed, id): splitmix64 of the pair, the key of random order. A fixed
// function of (seed, id), so a seed gives the same draw again on the same catalogue; for
// a random seed every order of the ids is about equally likely.
void mix_function(sqlite3_context* ctx, int, sqlite3_value** argv) {
  std::uint64_t x =
      static_cast<std::uint64_t>(sqlite3_value_int64(argv[0])) ^
      (static_cast<std::uint64_t>(sqlite3_value_int64(argv[1])) * 0x9E3779B97F4A7C15ull);
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  x ^= x >> 31;
  sqlite3_result_int64(ctx, static_cast<sqlite3_int64>(x));
}

// The key of a draw mark: the consumer and every field of the filter that selects rows
// (limit, offset and with_techniques do not; the order is id for every mark). Each part
// is length-prefixed, so no two filters share a key. A field added to QueryFilter that
// selects rows must be added here.
std::string draw_mark_key(const std::string& consumer, const QueryFilter& f) {
  std::string k;
  auto text = [&](const std::optional<std::string>& v) {
    k += v ? std::to_string(v->size()) + ":" + *v : std::string("-");
    k += '|';
  };
  auto number = [&](const auto& v) {
    if (v) {
      std::ostringstream o;
      o << std::hexfloat << static_cast<double>(*v);
      k += o.str();
    } else {
      k += '-';
    }
    k += '|';
  };
  text(consumer);
  text(f.level);
  number(f.min_rating);
  number(f.max_rating);
  for (const std::string& t : f.techniques) text(t);
  k += "T|";
  number(f.min_clues);
  number(f.max_clues);
  text(f.symmetry);
  number(f.size);
  k += f.unused ? "U|" : "-|";
  text(f.source);
  text(f.variant);
  return k;
}
}  // namespace

std::string PuzzleRecord::variant() const {
  return Variant::of(givens.geometry()).name();
}

std::string PuzzleRecord::regions() const {
  if (givens.geometry().has_cages()) return killer_layout(givens.geometry());
  return region_map(givens.geometry(), Alphabet::standard(givens.size()));
}

std::string grid_to_text(const Grid& grid) {
  return to_line(grid, default_style(grid.geometry()));
}

Grid grid_from_text(const std::string& text, int size) {
  if (!Geometry::is_supported_size(size)) {
    throw CatalogueError(CatalogueError::Category::kCorrupt, 0,
                         "stored grid of size " + std::to_string(size) + " is malformed");
  }
  return grid_from_text(text, Geometry::for_size(size));
}

Grid grid_from_text(const std::string& text, const Geometry& geo) {
  const int size = geo.size();
  if (text.size() != static_cast<std::size_t>(size * size)) {
    throw CatalogueError(CatalogueError::Category::kCorrupt, 0,
                         "stored grid of size " + std::to_string(size) + " is malformed");
  }
  const Alphabet alphabet = Alphabet::standard(size);
  Grid g(geo);
  for (int i = 0; i < geo.cell_count(); ++i) {
    const int v = alphabet.value(text[static_cast<std::size_t>(i)]);
    if (v < 0) {
      throw CatalogueError(CatalogueError::Category::kCorrupt, 0, "stored grid has a bad symbol");
    }
    g.set(i, v);
  }
  return g;
}

Catalogue::Catalogue(const std::string& path, const OpenOptions& options)
    : connection_(path, options) {
  const int rc = sqlite3_create_function_v2(connection_.handle(), "sudoforge_mix", 2,
                                            SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                            nullptr, mix_function, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) connection_.fail(rc, "sudoforge_mix");
  if (options.read_only) {
    const int v = db::schema_version(connection_);
    if (v == 0 || v > kSchemaVersion) {
      throw CatalogueError(CatalogueError::Category::kSchema, 0,
                           path + (v == 0 ? ": not a sudoforge catalogue (no schema)"
                                          : ": catalogue schema version " + std::to_string(v) +
                                                " is newer than this program's"));
    }
    version_ = v;
  } else {
    version_ = migrate(connection_);
  }
}

Catalogue::~Catalogue() = default;

std::optional<ParentLink> Catalogue::parent_of(std::int64_t id) {
  if (version_ < 7) return std::nullopt;
  Statement st(connection_,
               "SELECT pp.parent, pp.parent_canonical, pp.move, p.size FROM puzzle_parents pp "
               "JOIN puzzles p ON p.id = pp.puzzle_id WHERE pp.puzzle_id = ?1");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return ParentLink{grid_from_text(st.column_text(0), st.column_int(3)), st.column_text(1),
                    st.column_text(2)};
}

int Catalogue::schema_version() {
  return db::schema_version(connection_);
}

AddResult Catalogue::add(std::span<const PuzzleRecord> records) {
  if (!insert_puzzle_) {
    insert_puzzle_.emplace(
        connection_,
        "INSERT INTO puzzles (givens, solution, size, clues, symmetry, minimal, rating_er, "
        "rating_ep, rating_ed, level, hardest, dlx_nodes, guesses, source, seed, created, "
        "canonical, rnd, gen_index, gen_options, variant, regions) VALUES (?1, ?2, ?3, ?4, ?5, "
        "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
        "coalesce(?16, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), ?17, random(), ?18, ?19, ?20, ?21) "
        "ON CONFLICT(canonical) DO NOTHING");
    insert_technique_.emplace(
        connection_,
        "INSERT OR IGNORE INTO puzzle_techniques (puzzle_id, technique) VALUES (?1, ?2)");
    insert_parent_.emplace(connection_,
                           "INSERT INTO puzzle_parents (puzzle_id, parent, parent_canonical, move) "
                           "VALUES (?1, ?2, ?3, ?4)");
  }
  Statement& ins = *insert_puzzle_;
  Statement& tech = *insert_technique_;
  AddResult result;
  Transaction tx(connection_, Transaction::Mode::kImmediate);
  for (const PuzzleRecord& r : records) {
    const std::string key = r.canonical.empty() ? canonical_key(r.givens) : r.canonical;
    ins.reset();
    ins.bind(1, grid_to_text(r.givens));
    if (r.solution) ins.bind(2, grid_to_text(*r.solution));
    ins.bind(3, r.size()).bind(4, r.clues()).bind(5, r.symmetry);
    if (r.minimal) ins.bind(6, *r.minimal ? 1 : 0);
    ins.bind(7, r.rating_er).bind(8, r.rating_ep).bind(9, r.rating_ed);
    ins.bind(10, r.level).bind(11, r.hardest).bind(12, r.dlx_nodes).bind(13, r.guesses);
    ins.bind(14, r.source).bind(15, r.seed);
    if (!r.created.empty()) ins.bind(16, r.created);
    ins.bind(17, key).bind(18, r.gen_index).bind(19, r.gen_options).bind(20, r.variant());
    if (const std::string regions = r.regions(); !regions.empty()) ins.bind(21, regions);
    ins.run();
    if (connection_.changes() == 0) {
      ++result.duplicates;
      continue;
    }
    ++result.added;
    const std::int64_t id = connection_.last_insert_rowid();
    if (r.parent) {
      insert_parent_->reset();
      insert_parent_->bind(1, id).bind(2, grid_to_text(r.parent->givens));
      insert_parent_->bind(3, r.parent->canonical).bind(4, r.parent->move);
      insert_parent_->run();
    }
    for (const std::string& t : r.techniques) {
      tech.reset();
      tech.bind(1, id).bind(2, t);
      tech.run();
    }
  }
  tx.commit();
  return result;
}

class Catalogue::Lease {
 public:
  Lease(Catalogue& c, std::string sql) : catalogue_(c), statement_(take(c, std::move(sql))) {}
  ~Lease() {
    statement_.reset();  // ends its read, clears its bindings
    std::vector<Statement>& idle = catalogue_.idle_;
    // Enough for the few SQL shapes a server's filters make; the oldest goes first.
    constexpr std::size_t kMaxIdle = 24;
    if (idle.size() == kMaxIdle) idle.erase(idle.begin());
    try {
      idle.push_back(std::move(statement_));
    } catch (const std::bad_alloc&) {
      // Not kept: finalized with the lease.
    }
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Statement& operator*() { return statement_; }
  Statement* operator->() { return &statement_; }

 private:
  static Statement take(Catalogue& c, std::string sql) {
    for (auto it = c.idle_.begin(); it != c.idle_.end(); ++it) {
      if (it->sql() == sql) {
        Statement st = std::move(*it);
        c.idle_.erase(it);
        return st;
      }
    }
    return Statement(c.connection_, sql);
  }
  Catalogue& catalogue_;
  Statement statement_;
};

// The columns of query_rows: id, givens, size, rating_er, level, variant, regions.
PuzzleRow::PuzzleRow(Catalogue& catalogue, const Statement& row)
    : id(row.column_int64(0)),
      givens(row.column_view(1)),
      size(row.column_int(2)),
      rating_er(row.column_optional_double(3)),
      variant(row.column_view(5)),
      catalogue_(&catalogue) {
  if (!row.is_null(4)) level = row.column_view(4);
  if (!row.is_null(6)) regions = row.column_view(6);
}

PuzzleRecord PuzzleRow::record() const {
  // Read inside the visit, so in the listing's own read: the row is there.
  std::optional<PuzzleRecord> r = catalogue_->get(id);
  if (!r) {
    throw CatalogueError(CatalogueError::Category::kOther, 0,
                         "puzzle " + std::to_string(id) + " vanished during its listing");
  }
  r->techniques.clear();
  return std::move(*r);
}

void Catalogue::query(const QueryFilter& filter,
                      const std::function<bool(const PuzzleRecord&)>& visit) {
  query_records(filter, visit, std::nullopt);
}

void Catalogue::query_records(const QueryFilter& filter,
                              const std::function<bool(const PuzzleRecord&)>& visit,
                              std::optional<std::int64_t> after_id) {
  std::optional<Lease> techniques;
  if (filter.with_techniques) {
    techniques.emplace(
        *this, "SELECT technique FROM puzzle_techniques WHERE puzzle_id = ?1 ORDER BY technique");
  }
  visit_rows(
      filter, kColumns + gen_columns(),
      [&](const Statement& st) {
        PuzzleRecord r = read_record(st);
        if (techniques) {
          (*techniques)->reset();
          (*techniques)->bind(1, r.id);
          while ((*techniques)->step()) r.techniques.push_back((*techniques)->column_text(0));
        }
        return visit(r);
      },
      after_id);
}

void Catalogue::query_rows(const QueryFilter& filter,
                           const std::function<bool(const PuzzleRow&)>& visit) {
  // Only the row's own columns: decoding all of them was about a third of a listing's
  // SQLite time (service/PERF_NOTES.md).
  const std::string columns = std::string("p.id, p.givens, p.size, p.rating_er, p.level") +
                              (version_ >= 6 ? kBoardColumns : kNoBoardColumns);
  visit_rows(filter, columns, [&](const Statement& st) { return visit(PuzzleRow(*this, st)); });
}

void Catalogue::visit_rows(const QueryFilter& filter, const std::string& columns,
                           const std::function<bool(const Statement&)>& visit,
                           std::optional<std::int64_t> after_id) {
  // Runs one SELECT and visits its rows. A negative limit is SQLite's "no limit", as before.
  auto run = [&](const Where& where, const char* order_by) {
    const int first = static_cast<int>(where.binds.size()) + 1;
    Lease st(*this, "SELECT " + columns + " FROM puzzles p" + where.sql + order_by +
                        limit_sql(filter, first));
    where.bind_all(*st);
    bind_limits(*st, filter, first);
    while (st->step()) {
      if (!visit(*st)) return;
    }
  };

  Where where = build_where(filter, version_);
  if (after_id) where.add("p.id > ?", *after_id);
  switch (filter.order) {
    case QueryFilter::Order::kId:
      run(where, " ORDER BY p.id");
      return;
    case QueryFilter::Order::kRating:
      run(where, " ORDER BY p.rating_er, p.id");
      return;
    case QueryFilter::Order::kClues:
      run(where, " ORDER BY p.clues, p.id");
      return;
    case QueryFilter::Order::kRandom:
      break;
  }
  // Random: the matching ids in the order of a keyed hash of the id, then each row by id.
  // The ids come from an index where one serves the filter, and SQLite's sorter keeps only
  // `limit` of them, so the rows read in full are the ones returned.
  std::uint64_t seed = 0;
  if (filter.seed) {
    seed = *filter.seed;
  } else {
    sqlite3_randomness(sizeof seed, &seed);
  }
  const int seed_index = static_cast<int>(where.binds.size()) + 1;
  std::string sql = "SELECT p.id FROM puzzles p" + where.sql + " ORDER BY sudoforge_mix(?" +
                    std::to_string(seed_index) + ", p.id)";
  sql += limit_sql(filter, seed_index + 1);
  std::vector<std::int64_t> ids;
  {
    Lease st(*this, std::move(sql));
    where.bind_all(*st);
    st->bind(seed_index, static_cast<std::int64_t>(seed));
    bind_limits(*st, filter, seed_index + 1);
    while (st->step()) ids.push_back(st->column_int64(0));
  }
  Lease row(*this, "SELECT " + columns + " FROM puzzles p WHERE p.id = ?1");
  for (std::int64_t id : ids) {
    row->reset();
    row->bind(1, id);
    if (!row->step()) continue;  // deleted meanwhile by another connection
    if (!visit(*row)) return;
  }
}

std::string Catalogue::gen_columns() const {
  return std::string(version_ >= 4 ? kGenColumns : kNoGenColumns) +
         (version_ >= 6 ? kBoardColumns : kNoBoardColumns);
}

std::vector<std::uint64_t> Catalogue::generated_indices(std::uint64_t seed,
                                                        const std::string& options,
                                                        std::uint64_t first, std::uint64_t count) {
  std::vector<std::uint64_t> out;
  if (count == 0 || version_ < 4) return out;
  // Indices are stored as signed 64-bit patterns: a range that crosses 2^63 is two ranges
  // there, [first, INT64_MAX] and [INT64_MIN, last], read in that (unsigned) order.
  const std::uint64_t last = first + (count - 1);
  const std::uint64_t sign = std::uint64_t{1} << 63;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
  if ((first < sign) == (last < sign)) {
    ranges.emplace_back(first, last);
  } else {
    ranges.emplace_back(first, sign - 1);
    ranges.emplace_back(sign, last);
  }
  Statement st(connection_,
               "SELECT gen_index FROM puzzles WHERE seed = ?1 AND gen_index BETWEEN ?2 AND ?3 "
               "AND gen_options = ?4 ORDER BY gen_index");
  for (const auto& [lo, hi] : ranges) {
    st.reset();
    st.bind(1, static_cast<std::int64_t>(seed)).bind(2, static_cast<std::int64_t>(lo));
    st.bind(3, static_cast<std::int64_t>(hi)).bind(4, options);
    while (st.step()) out.push_back(static_cast<std::uint64_t>(st.column_int64(0)));
  }
  return out;
}

std::vector<PuzzleRecord> Catalogue::query(const QueryFilter& filter) {
  std::vector<PuzzleRecord> out;
  query(filter, [&](const PuzzleRecord& r) {
    out.push_back(r);
    return true;
  });
  return out;
}

long long Catalogue::count(const QueryFilter& filter) {
  const Where where = build_where(filter, version_);
  Statement st(connection_, "SELECT count(*) FROM puzzles p" + where.sql);
  where.bind_all(st);
  st.step();
  long long n = st.column_int64(0);
  if (filter.offset) n = std::max(0LL, n - std::max(0LL, *filter.offset));
  if (filter.limit && *filter.limit >= 0 && *filter.limit < n) n = *filter.limit;
  return n;
}

std::vector<PuzzleRecord> Catalogue::draw(const std::string& consumer, QueryFilter filter,
                                          long long count) {
  const DrawRequest request{consumer, std::move(filter), count};
  return std::move(draw(std::span(&request, 1)).front());
}

std::vector<std::vector<PuzzleRecord>> Catalogue::draw(std::span<const DrawRequest> requests) {
  if (version_ < 7) {
    throw CatalogueError(CatalogueError::Category::kReadOnly, 0,
                         path() + ": draws need a writable catalogue of schema version 7");
  }
  std::vector<std::vector<PuzzleRecord>> out(requests.size());
  // IMMEDIATE: the write lock is taken before the selection, so no other draw can commit
  // between what this one selects and what it records.
  Transaction tx(connection_, Transaction::Mode::kImmediate);
  std::int64_t data_version = 0;
  {
    Lease v(*this, "PRAGMA data_version");
    if (v->step()) data_version = v->column_int64(0);
  }
  if (data_version != marks_data_version_ ||
      sqlite3_total_changes64(connection_.handle()) != marks_total_changes_) {
    draw_marks_.clear();
  }
  // The marks this group moves, applied once it is committed (a rollback keeps the old).
  std::unordered_map<std::string, std::int64_t> moved;
  Lease ins(*this, "INSERT INTO draws (consumer, puzzle_id) VALUES (?1, ?2)");
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (requests[i].count <= 0) continue;
    QueryFilter filter = requests[i].filter;
    filter.not_drawn_by = requests[i].consumer;
    filter.limit = requests[i].count;
    filter.offset.reset();
    std::optional<std::int64_t> after;
    std::string key;
    if (filter.order == QueryFilter::Order::kId) {
      key = draw_mark_key(requests[i].consumer, filter);
      if (auto m = moved.find(key); m != moved.end()) {
        after = m->second;
      } else if (auto d = draw_marks_.find(key); d != draw_marks_.end()) {
        after = d->second;
      }
    }
    query_records(
        filter,
        [&](const PuzzleRecord& r) {
          out[i].push_back(r);
          return true;
        },
        after);
    for (const PuzzleRecord& r : out[i]) {
      ins->reset();
      ins->bind(1, requests[i].consumer).bind(2, r.id);
      ins->run();
    }
    // Every matching puzzle up to the last one handed out is now this consumer's: the
    // rows come in id order, the smallest not drawn first.
    if (!key.empty() && !out[i].empty()) moved[key] = out[i].back().id;
  }
  tx.commit();
  for (auto& [key, id] : moved) draw_marks_[key] = id;
  marks_data_version_ = data_version;
  marks_total_changes_ = sqlite3_total_changes64(connection_.handle());
  return out;
}

CatalogueStats Catalogue::stats() {
  CatalogueStats s;
  Transaction tx(connection_, Transaction::Mode::kDeferred);  // one consistent snapshot
  {
    Statement st(connection_,
                 "SELECT count(*), count(rating_er), "
                 "(SELECT count(DISTINCT puzzle_id) FROM book_puzzles) FROM puzzles");
    st.step();
    s.total = st.column_int64(0);
    s.graded = st.column_int64(1);
    s.in_books = st.column_int64(2);
  }
  {
    Statement st(connection_,
                 "SELECT coalesce(level, ''), count(*) FROM puzzles GROUP BY level "
                 "ORDER BY min(coalesce(rating_er, 1e9)), level");
    while (st.step()) s.by_level.emplace_back(st.column_text(0), st.column_int64(1));
  }
  {
    Statement st(connection_,
                 "SELECT technique, count(*) AS n FROM puzzle_techniques GROUP BY technique "
                 "ORDER BY n DESC, technique");
    while (st.step()) s.by_technique.emplace_back(st.column_text(0), st.column_int64(1));
  }
  {
    Statement st(connection_, "SELECT clues, count(*) FROM puzzles GROUP BY clues ORDER BY clues");
    while (st.step()) s.by_clues.emplace_back(st.column_int(0), st.column_int64(1));
  }
  {
    Statement st(connection_, "SELECT size, count(*) FROM puzzles GROUP BY size ORDER BY size");
    while (st.step()) s.by_size.emplace_back(st.column_int(0), st.column_int64(1));
  }
  if (version_ >= 6) {
    Statement st(
        connection_,
        "SELECT variant, count(*) AS n FROM puzzles GROUP BY variant ORDER BY n DESC, variant");
    while (st.step()) s.by_variant.emplace_back(st.column_text(0), st.column_int64(1));
  } else if (s.total > 0) {
    s.by_variant.emplace_back("classic", s.total);
  }
  if (version_ >= 7) {
    Statement st(connection_, "SELECT count(*), count(DISTINCT consumer) FROM draws");
    st.step();
    s.draws = st.column_int64(0);
    s.consumers = st.column_int64(1);
  }
  tx.commit();
  return s;
}

std::optional<PuzzleRecord> Catalogue::get(std::int64_t id) {
  PuzzleRecord r;
  {
    Lease st(*this,
             std::string("SELECT ") + kColumns + gen_columns() + " FROM puzzles p WHERE p.id = ?1");
    st->bind(1, id);
    if (!st->step()) return std::nullopt;
    r = read_record(*st);
  }
  Lease t(*this, "SELECT technique FROM puzzle_techniques WHERE puzzle_id = ?1 ORDER BY technique");
  t->bind(1, id);
  while (t->step()) r.techniques.push_back(t->column_text(0));
  return r;
}

std::int64_t Catalogue::record_book(const NewBook& book, std::span<const std::int64_t> puzzle_ids,
                                    bool require_unused,
                                    const std::function<void()>& before_commit) {
  if (puzzle_ids.empty()) throw std::invalid_argument("a book needs at least one puzzle");
  {
    std::set<std::int64_t> seen;
    for (std::int64_t id : puzzle_ids) {
      if (!seen.insert(id).second) {
        throw std::invalid_argument("puzzle " + std::to_string(id) + " is listed twice");
      }
    }
  }
  Transaction tx(connection_, Transaction::Mode::kImmediate);
  Statement exists(connection_, "SELECT 1 FROM puzzles WHERE id = ?1");
  Statement used(connection_, "SELECT 1 FROM book_puzzles WHERE puzzle_id = ?1 LIMIT 1");
  for (std::int64_t id : puzzle_ids) {
    exists.reset();
    exists.bind(1, id);
    if (!exists.step()) {
      throw CatalogueError(CatalogueError::Category::kConstraint, 0,
                           "puzzle " + std::to_string(id) + " is not in the catalogue");
    }
    if (require_unused) {
      used.reset();
      used.bind(1, id);
      if (used.step()) {
        throw CatalogueError(CatalogueError::Category::kConstraint, 0,
                             "puzzle " + std::to_string(id) +
                                 " is already in a book (taken by another book meanwhile?)");
      }
    }
  }
  Statement add_book(connection_,
                     "INSERT INTO books (title, file, subtitle, uid) "
                     "VALUES (?1, ?2, ?3, lower(hex(randomblob(16))))");
  add_book.bind(1, book.title).bind(3, book.subtitle);
  if (!book.file.empty()) add_book.bind(2, book.file);
  add_book.run();
  const std::int64_t book_id = connection_.last_insert_rowid();
  Statement forget_file(connection_, "UPDATE books SET file = NULL WHERE id = ?1");
  for (std::int64_t id : book.overwrites) {
    forget_file.reset();
    forget_file.bind(1, id);
    forget_file.run();
  }
  Statement add_page(connection_,
                     "INSERT INTO book_puzzles (book_id, puzzle_id, position) VALUES (?1, ?2, ?3)");
  std::int64_t position = 0;
  for (std::int64_t id : puzzle_ids) {
    add_page.reset();
    add_page.bind(1, book_id).bind(2, id).bind(3, ++position);
    add_page.run();
  }
  if (before_commit) before_commit();
  tx.commit();
  return book_id;
}

namespace {

// The columns of a book row (books b) in a file of schema `version`.
std::string book_columns(int version) {
  return version >= 5 ? "b.id, b.title, b.file, b.created, b.subtitle, b.uid"
                      : "b.id, b.title, b.file, b.created, '', NULL";
}

BookRecord read_book(const Statement& st) {
  BookRecord b;
  b.id = st.column_int64(0);
  b.title = st.column_text(1);
  b.file = st.column_optional_text(2);
  b.created = st.column_text(3);
  b.subtitle = st.column_text(4);
  b.uid = st.column_optional_text(5).value_or("");
  return b;
}

}  // namespace

std::vector<BookRecord> Catalogue::books() {
  std::vector<BookRecord> out;
  Transaction tx(connection_, Transaction::Mode::kDeferred);
  Statement st(connection_, "SELECT " + book_columns(version_) + " FROM books b ORDER BY b.id");
  Statement pages(connection_,
                  "SELECT puzzle_id FROM book_puzzles WHERE book_id = ?1 ORDER BY position");
  while (st.step()) {
    BookRecord b = read_book(st);
    pages.reset();
    pages.bind(1, b.id);
    while (pages.step()) b.puzzle_ids.push_back(pages.column_int64(0));
    out.push_back(std::move(b));
  }
  tx.commit();
  return out;
}

MergeResult Catalogue::merge(const std::string& other_path) {
  // Attaching this very file would wait for its own write lock and fail as "locked".
  {
    struct stat mine {
    }, theirs{};
    if (::stat(path().c_str(), &mine) == 0 && ::stat(other_path.c_str(), &theirs) == 0 &&
        mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino) {
      throw std::invalid_argument(other_path + " is the catalogue itself (" + path() +
                                  "): a file cannot be merged into itself");
    }
  }
  // Check the other file first, read-only, so a bad file is reported by name and never
  // attached (and never written).
  int other_version = 0;
  {
    OpenOptions ro;
    ro.read_only = true;
    Catalogue other(other_path, ro);
    other_version = other.version_;
  }
  {
    Statement attach(connection_, "ATTACH DATABASE ?1 AS merge_src");
    attach.bind(1, other_path);
    attach.run();
  }
  struct Detach {
    Connection& c;
    ~Detach() { sqlite3_exec(c.handle(), "DETACH DATABASE merge_src", nullptr, nullptr, nullptr); }
  } detach{connection_};

  MergeResult result;
  Transaction tx(connection_, Transaction::Mode::kImmediate);
  std::int64_t before = 0;
  {
    Statement st(connection_, "SELECT coalesce(max(id), 0) FROM main.puzzles");
    st.step();
    before = st.column_int64(0);
  }
  long long offered = 0;
  {
    Statement st(connection_, "SELECT count(*) FROM merge_src.puzzles");
    st.step();
    offered = st.column_int64(0);
  }
  {
    // rnd is drawn afresh rather than copied: the other file may be older and have none,
    // and a copied key is no less random anyway. The generation columns come along when
    // the other file has them, so a merged catalogue can still be resumed.
    const std::string sql =
        "INSERT INTO main.puzzles (givens, solution, size, clues, symmetry, minimal, "
        "rating_er, rating_ep, rating_ed, level, hardest, dlx_nodes, guesses, source, seed, "
        "created, canonical, rnd, gen_index, gen_options, variant, regions) "
        "SELECT givens, solution, size, clues, symmetry, minimal, rating_er, rating_ep, "
        "rating_ed, level, hardest, dlx_nodes, guesses, source, seed, created, canonical, "
        "random(), " +
        std::string(other_version >= 4 ? "gen_index, gen_options" : "NULL, NULL") +
        std::string(other_version >= 6 ? ", variant, regions" : ", 'classic', NULL") +
        " FROM merge_src.puzzles WHERE true ORDER BY id ON CONFLICT(canonical) DO NOTHING";
    Statement st(connection_, sql);
    st.run();
    result.added = connection_.changes();
    result.duplicates = offered - result.added;
  }
  {
    Statement st(connection_,
                 "INSERT OR IGNORE INTO main.puzzle_techniques (puzzle_id, technique) "
                 "SELECT m.id, t.technique FROM merge_src.puzzle_techniques t "
                 "JOIN merge_src.puzzles o ON o.id = t.puzzle_id "
                 "JOIN main.puzzles m ON m.canonical = o.canonical WHERE m.id > ?1");
    st.bind(1, before);
    st.run();
  }
  if (other_version >= 7) {
    // Draws of every puzzle of the other file, the ones already here included: a consumer
    // given a puzzle there is not given it again here. The key (consumer, puzzle) dedupes.
    Statement st(connection_,
                 "INSERT OR IGNORE INTO main.draws (consumer, puzzle_id, drawn) "
                 "SELECT d.consumer, m.id, d.drawn FROM merge_src.draws d "
                 "JOIN merge_src.puzzles o ON o.id = d.puzzle_id "
                 "JOIN main.puzzles m ON m.canonical = o.canonical");
    st.run();
    result.draws = connection_.changes();
  }
  if (other_version >= 8) {
    Statement st(connection_,
                 "INSERT OR IGNORE INTO main.puzzle_parents (puzzle_id, parent, "
                 "parent_canonical, move) SELECT m.id, t.parent, t.parent_canonical, t.move "
                 "FROM merge_src.puzzle_parents t JOIN merge_src.puzzles o ON o.id = t.puzzle_id "
                 "JOIN main.puzzles m ON m.canonical = o.canonical WHERE m.id > ?1");
    st.bind(1, before);
    st.run();
  }
  {
    int src_version = 0;
    {
      Statement v(connection_, "PRAGMA merge_src.user_version");
      v.step();
      src_version = v.column_int(0);
    }
    Statement books(connection_, "SELECT " + book_columns(src_version) +
                                     " FROM merge_src.books b ORDER BY b.id");
    // The same book: the same uid, or (books from before version 5, whose uids were drawn
    // in each file on its own) the same title, time and file with the same puzzles
    // (by canonical key) on the same pages. Two volumes made in the same second differ
    // in their pages.
    Statement present(
        connection_,
        "SELECT 1 FROM main.books x WHERE x.uid = ?1 UNION ALL "
        "SELECT 1 FROM main.books x WHERE x.title = ?2 AND x.created = ?3 AND x.file IS ?4 "
        "AND (SELECT count(*) FROM main.book_puzzles WHERE book_id = x.id) = "
        "    (SELECT count(*) FROM merge_src.book_puzzles WHERE book_id = ?5) "
        "AND NOT EXISTS (SELECT 1 FROM merge_src.book_puzzles bp "
        "  JOIN merge_src.puzzles o ON o.id = bp.puzzle_id WHERE bp.book_id = ?5 "
        "  AND NOT EXISTS (SELECT 1 FROM main.book_puzzles mp "
        "    JOIN main.puzzles m ON m.id = mp.puzzle_id WHERE mp.book_id = x.id "
        "    AND mp.position = bp.position AND m.canonical = o.canonical)) "
        "LIMIT 1");
    Statement add_book(connection_,
                       "INSERT INTO main.books (title, file, created, subtitle, uid) "
                       "VALUES (?1, ?2, ?3, ?4, coalesce(?5, lower(hex(randomblob(16)))))");
    Statement add_pages(connection_,
                        "INSERT OR IGNORE INTO main.book_puzzles (book_id, puzzle_id, position) "
                        "SELECT ?1, m.id, bp.position FROM merge_src.book_puzzles bp "
                        "JOIN merge_src.puzzles o ON o.id = bp.puzzle_id "
                        "JOIN main.puzzles m ON m.canonical = o.canonical WHERE bp.book_id = ?2");
    while (books.step()) {
      const BookRecord b = read_book(books);
      const std::optional<std::string> uid =
          b.uid.empty() ? std::nullopt : std::optional<std::string>(b.uid);
      present.reset();
      present.bind(1, uid).bind(2, b.title).bind(3, b.created).bind(4, b.file).bind(5, b.id);
      if (present.step()) continue;
      add_book.reset();
      add_book.bind(1, b.title).bind(2, b.file).bind(3, b.created).bind(4, b.subtitle);
      add_book.bind(5, uid);
      add_book.run();
      const std::int64_t id = connection_.last_insert_rowid();
      add_pages.reset();
      add_pages.bind(1, id).bind(2, b.id);
      add_pages.run();
      ++result.books;
    }
  }
  tx.commit();
  return result;
}

}  // namespace sudoforge::db
