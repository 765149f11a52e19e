#include "sudoforge/service/service.h"

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <span>
#include <thread>

#include "sudoforge/core/alphabet.h"
#include "sudoforge/core/errors.h"
#include "sudoforge/core/geometry.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/symmetry.h"
#include "sudoforge/core/text_style.h"
#include "sudoforge/core/validate.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/error.h"
#include "sudoforge/solver/sudoku_solver.h"
#include "sudoforge/workflow/analysis.h"
#include "sudoforge/workflow/filter.h"
#include "sudoforge/workflow/generate.h"

namespace sudoforge::service {
namespace {

using json = nlohmann::ordered_json;

constexpr Route kRoutes[] = {
    {"GET", "/", false},
    {"GET", "/healthz", false},
    {"GET", "/v1/openapi.json", false},
    {"GET", "/v1/stats", false},
    {"GET", "/v1/puzzles", false},
    {"GET", "/v1/puzzles/{id}", false},
    {"POST", "/v1/draw", true},
    {"POST", "/v1/solve", false},
    {"POST", "/v1/grade", false},
    {"POST", "/v1/generate", true},
};

// A request that cannot be answered as asked: status, code and message for the client.
struct HttpError {
  int status;
  std::string code;
  std::string message;
};

[[noreturn]] void bad_request(const std::string& message) {
  throw HttpError{400, "bad_request", message};
}

Response json_response(int status, const json& body) {
  Response r;
  r.status = status;
  // Messages may quote what the client sent: invalid UTF-8 is replaced, not an error.
  r.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

Response error_response(const HttpError& e) {
  Response r = json_response(e.status, json{{"error", {{"code", e.code}, {"message", e.message}}}});
  if (e.status == 429 || e.status == 503) r.headers.emplace_back("Retry-After", "1");
  return r;
}

// Equal in time independent of where they differ (the token must not leak a prefix).
bool same_secret(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const std::size_t n = std::max(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
    const unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
    diff |= static_cast<unsigned char>(x ^ y);
  }
  return diff == 0;
}

// Parameters by name, from the query string or a JSON body's fields.
class Params {
 public:
  Params() = default;
  explicit Params(std::vector<std::pair<std::string, std::string>> values)
      : values_(std::move(values)) {}

  // The fields of a JSON object: strings as they are, numbers and booleans as their JSON
  // text, arrays as one value per element.
  static Params from_json(const json& body) {
    if (!body.is_object()) bad_request("the body must be a JSON object");
    Params p;
    auto add = [&](const std::string& key, const json& v) {
      if (v.is_string())
        p.values_.emplace_back(key, v.get<std::string>());
      else if (v.is_number() || v.is_boolean())
        p.values_.emplace_back(key, v.dump());
      else
        bad_request("field '" + key + "' must be a string, number or boolean");
    };
    for (const auto& [key, v] : body.items()) {
      if (v.is_array()) {
        for (const json& e : v) add(key, e);
      } else if (!v.is_null()) {
        add(key, v);
      }
    }
    return p;
  }

  // Every name must be one of `known` (or of `filters`): a misspelt filter is an error,
  // not ignored.
  void check_known(std::initializer_list<std::string_view> known,
                   std::span<const std::string_view> filters = {}) const {
    for (const auto& [key, value] : values_) {
      if (std::find(known.begin(), known.end(), key) == known.end() &&
          std::find(filters.begin(), filters.end(), key) == filters.end()) {
        bad_request("unknown parameter '" + key + "'");
      }
    }
  }
  std::vector<std::string> all(std::string_view name) const {
    std::vector<std::string> out;
    for (const auto& [key, value] : values_) {
      if (key == name) out.push_back(value);
    }
    return out;
  }
  std::optional<std::string> get(std::string_view name) const {
    std::optional<std::string> out;
    for (const auto& [key, value] : values_) {
      if (key != name) continue;
      if (out) bad_request("parameter '" + std::string(name) + "' given twice");
      out = value;
    }
    return out;
  }
  std::optional<long long> integer(std::string_view name, long long low, long long high) const {
    const auto text = get(name);
    if (!text) return std::nullopt;
    long long v = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || end != text->data() + text->size() || v < low || v > high) {
      bad_request("parameter '" + std::string(name) + "' must be an integer from " +
                  std::to_string(low) + " to " + std::to_string(high));
    }
    return v;
  }
  std::optional<std::uint64_t> seed(std::string_view name) const {
    const auto text = get(name);
    if (!text) return std::nullopt;
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || end != text->data() + text->size()) {
      bad_request("parameter '" + std::string(name) + "' must be an unsigned 64-bit integer");
    }
    return v;
  }
  std::optional<double> number(std::string_view name) const {
    const auto text = get(name);
    if (!text) return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || end != text->data() + text->size() || !std::isfinite(v)) {
      bad_request("parameter '" + std::string(name) + "' must be a number");
    }
    return v;
  }
  std::optional<bool> boolean(std::string_view name) const {
    const auto text = get(name);
    if (!text) return std::nullopt;
    if (*text == "true" || *text == "1") return true;
    if (*text == "false" || *text == "0") return false;
    bad_request("parameter '" + std::string(name) + "' must be true or false");
  }

 private:
  std::vector<std::pair<std::string, std::string>> values_;
};

// An array, not an initializer_list: g++ refuses a constexpr one (its backing array is a
// temporary).
constexpr std::array<std::string_view, 12> kFilterNames = {
    "level", "min_rating", "max_rating", "technique", "clues", "symmetry",
    "size",  "variant",    "source",     "unused",    "order", "seed"};

// The filter of `db query` from parameters named as the CLI's options without the dashes
// (min_rating for --min-rating); the values are checked by the same functions.
db::QueryFilter filter_from(const Params& p) {
  db::QueryFilter f;
  try {
    if (auto v = p.get("level")) f.level = workflow::level_filter("level", *v);
    f.min_rating = p.number("min_rating");
    f.max_rating = p.number("max_rating");
    for (const std::string& t : p.all("technique")) {
      f.techniques.push_back(workflow::technique_filter("technique", t));
    }
    if (auto v = p.get("clues"))
      std::tie(f.min_clues, f.max_clues) = workflow::clues_filter("clues", *v);
    if (auto v = p.get("symmetry")) f.symmetry = workflow::symmetry_filter("symmetry", *v);
    if (auto v = p.integer("size", 0, 1000)) {
      f.size = workflow::size_filter("size", static_cast<int>(*v));
    }
    if (auto v = p.get("variant")) f.variant = workflow::variant_filter("variant", *v);
    if (auto v = p.get("source")) f.source = *v;
    f.unused = p.boolean("unused").value_or(false);
    if (auto v = p.get("order")) f.order = workflow::order_filter("order", *v);
    f.seed = p.seed("seed");
  } catch (const workflow::FilterError& e) {
    bad_request(e.what());
  }
  return f;
}

json optional_json(const auto& v) {
  if (v) return *v;
  return nullptr;
}

// The fields every listing gives: enough to show and play the puzzle.
json summary_json(const db::PuzzleRecord& r) {
  json j{{"id", r.id},
         {"puzzle", db::grid_to_text(r.givens)},
         {"rating", optional_json(r.rating_er)},
         {"level", optional_json(r.level)},
         {"clues", r.clues()},
         {"size", r.size()},
         {"variant", r.variant()}};
  if (std::string regions = r.regions(); !regions.empty()) j["regions"] = regions;
  return j;
}

// A listing's JSON text written straight into one string: listings are most of a server's
// requests, and building nlohmann's DOM and then the text cost about a third of one
// (service/PERF_NOTES.md). The text is exactly what json_response writes for the same
// values (test ServiceTest.ListingTextIsTheOneOfTheJsonDocument); whatever this does not
// write itself (non-ASCII or escaped strings, other boards) goes through nlohmann.
void append_json_string(std::string& out, std::string_view text) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return c >= 0x20 && c <= 0x7E && c != '"' && c != '\\';
  });
  if (!plain) {
    out += json(std::string(text)).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

void append_json_number(std::string& out, std::int64_t v) {
  char buffer[24];
  const char* end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  out.append(buffer, static_cast<std::size_t>(end - buffer));
}

void append_json_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  // nlohmann's own formatting of a double (Grisu2, ".0" on whole numbers).
  char buffer[64];
  const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, v);
  out.append(buffer, static_cast<std::size_t>(end - buffer));
}

// The character grid_to_text writes for an empty cell (TextStyle's default).
const char kEmptyCell = TextStyle{}.empty;

// True when the stored givens are the text grid_to_text writes for a classic board of
// this size: then they are the listing's "puzzle" as they are, and their clue count is
// their non-empty characters. Anything else (other boards, or text written otherwise)
// goes through the whole record.
bool is_plain_classic_row(const db::PuzzleRow& row) {
  if (row.variant != "classic" || row.regions || !Geometry::is_supported_size(row.size) ||
      row.givens.size() != static_cast<std::size_t>(row.size) * row.size) {
    return false;
  }
  // The characters grid_to_text writes for this size: '.' and the standard symbols.
  thread_local int table_size = 0;
  thread_local std::array<bool, 256> written{};
  if (table_size != row.size) {
    const Alphabet alphabet = Alphabet::standard(row.size);
    written.fill(false);
    written[static_cast<unsigned char>(kEmptyCell)] = true;
    for (int v = 1; v <= row.size; ++v)
      written[static_cast<unsigned char>(alphabet.symbol(v))] = true;
    table_size = row.size;
  }
  return std::all_of(row.givens.begin(), row.givens.end(),
                     [](char c) { return written[static_cast<unsigned char>(c)]; });
}

// The fields of summary_json, for append_summary.
struct Summary {
  std::int64_t id;
  std::string_view puzzle;
  std::optional<double> rating;
  std::optional<std::string_view> level;
  std::int64_t clues, size;
  std::string_view variant;
  std::string_view regions;  // "": none (the field is left out)
};

// summary_json's text for these fields, appended to `out`.
void append_summary(std::string& out, const Summary& s) {
  out += "{\"id\":";
  append_json_number(out, s.id);
  out += ",\"puzzle\":";
  append_json_string(out, s.puzzle);
  out += ",\"rating\":";
  if (s.rating)
    append_json_number(out, *s.rating);
  else
    out += "null";
  out += ",\"level\":";
  if (s.level)
    append_json_string(out, *s.level);
  else
    out += "null";
  out += ",\"clues\":";
  append_json_number(out, s.clues);
  out += ",\"size\":";
  append_json_number(out, s.size);
  out += ",\"variant\":";
  append_json_string(out, s.variant);
  if (!s.regions.empty()) {
    out += ",\"regions\":";
    append_json_string(out, s.regions);
  }
  out += '}';
}

void append_summary(std::string& out, const db::PuzzleRecord& r) {
  const std::string puzzle = db::grid_to_text(r.givens);
  const std::string variant = r.variant();
  const std::string regions = r.regions();
  std::optional<std::string_view> level;
  if (r.level) level = *r.level;
  append_summary(out,
                 Summary{r.id, puzzle, r.rating_er, level, r.clues(), r.size(), variant, regions});
}

void append_summary(std::string& out, const db::PuzzleRow& row) {
  if (!is_plain_classic_row(row)) {
    append_summary(out, row.record());
    return;
  }
  const auto empty = std::count(row.givens.begin(), row.givens.end(), kEmptyCell);
  append_summary(
      out, Summary{row.id, row.givens, row.rating_er, row.level,
                   static_cast<std::int64_t>(row.givens.size()) - empty, row.size, "classic", ""});
}

json detail_json(const db::PuzzleRecord& r, bool with_solution) {
  json j = summary_json(r);
  j["rating_ep"] = optional_json(r.rating_ep);
  j["rating_ed"] = optional_json(r.rating_ed);
  j["hardest"] = optional_json(r.hardest);
  j["techniques"] = r.techniques;
  j["symmetry"] = r.symmetry;
  j["minimal"] = optional_json(r.minimal);
  j["source"] = r.source;
  j["created"] = r.created;
  if (with_solution) {
    j["solution"] = r.solution ? json(db::grid_to_text(*r.solution)) : json(nullptr);
  }
  return j;
}

json rating_json(const grader::Rating& rating) {
  return json{{"rating", rating.er},        {"rating_ep", rating.ep},
              {"rating_ed", rating.ed},     {"level", grader::level_name(rating.level)},
              {"hardest", rating.hardest},  {"techniques", rating.techniques},
              {"complete", rating.complete}};
}

json steps_json(const std::vector<grader::Step>& steps) {
  json out = json::array();
  for (const grader::Step& s : steps) {
    out.push_back(json{{"technique", s.technique},
                       {"rating", s.rating},
                       {"explanation", s.explanation},
                       {"placements", s.placements},
                       {"eliminations", s.eliminations},
                       {"cells", s.cells}});
  }
  return out;
}

// Raises a stop flag when the time limit passes before the work is done (destruction).
class WorkTimer {
 public:
  explicit WorkTimer(std::chrono::milliseconds limit)
      : thread_([this, limit] {
          std::unique_lock lock(mutex_);
          if (!wake_.wait_for(lock, limit, [this] { return done_; })) stop_ = true;
        }) {}
  ~WorkTimer() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  const std::atomic<bool>* flag() const { return &stop_; }
  bool fired() const { return stop_.load(); }

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::atomic<bool> stop_{false};
  std::thread thread_;  // last: starts once the members above exist
};

// The threads of solve, grade and generate: as many as may run at once (max_heavy), at a
// lower CPU priority (nice +10) than the HTTP workers, so that with the cores busy the
// reads and draws run first and heavy work gets what is left (the closed-loop load test
// showed reads starved by grades running on the workers themselves). A request waits for
// its task; HeavySlot bounds how many there are, so a task never waits for a thread.
class HeavyPool {
 public:
  explicit HeavyPool(int threads) {
    for (int i = 0; i < threads; ++i) {
      threads_.emplace_back([this] {
        // Per thread on Linux (the tid); failure only leaves it at the normal priority.
        const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
        ::setpriority(PRIO_PROCESS, tid, ::getpriority(PRIO_PROCESS, tid) + 10);
        work();
      });
    }
  }
  ~HeavyPool() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }
  HeavyPool(const HeavyPool&) = delete;
  HeavyPool& operator=(const HeavyPool&) = delete;

  // fn() on a pool thread; its result, or what it threw, here.
  template <class F>
  auto run(F&& fn) -> decltype(fn()) {
    // Shared: the pool thread may still be inside the task when this one wakes up.
    auto task = std::make_shared<std::packaged_task<decltype(fn())()>>(std::forward<F>(fn));
    auto result = task->get_future();
    {
      std::lock_guard lock(mutex_);
      queue_.emplace_back([task] { (*task)(); });
    }
    wake_.notify_one();
    return result.get();
  }

 private:
  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left
      std::function<void()> task = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      task();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  bool stop_ = false;
  std::vector<std::thread> threads_;  // last: start once the members above exist
};

}  // namespace

// SQLite keeps memory statistics behind one process-wide mutex taken at every allocation,
// which the worker threads then queue on. Only possible before SQLite is initialized (the
// service's first connection, in sudoforge-serve); later it is refused and changes nothing.
bool without_sqlite_memory_statistics() {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
}

struct Service::Impl {
  bool configured = without_sqlite_memory_statistics();
  ServiceOptions options;
  std::mutex write_mutex;
  db::Catalogue writer;
  std::mutex pool_mutex;
  std::vector<std::unique_ptr<db::Catalogue>> readers;  // idle read connections
  std::atomic<int> heavy{0};

  // Draws commit in groups: a draw joins the queue; when no group is being written, it
  // writes the whole queue in one transaction (one sync for all) and wakes the others.
  // Each answer is still sent only after its own draw is committed.
  struct PendingDraw {
    db::Catalogue::DrawRequest request;
    std::vector<db::PuzzleRecord> result;
    std::exception_ptr error;
    bool done = false;
  };
  std::mutex draw_mutex;
  std::condition_variable draw_done;
  std::vector<PendingDraw*> draw_queue;
  bool draw_writing = false;

  HeavyPool heavy_pool;

  explicit Impl(ServiceOptions o)
      : options(std::move(o)),
        writer(options.db_path, write_options(options)),
        heavy_pool(std::max(1, options.max_heavy)) {
    // In WAL mode a commit has written its frames to the WAL file (the OS's cache) under
    // either setting: NORMAL leaves the sync to the checkpoint, FULL syncs at every commit
    // (ServiceOptions::sync_every_commit says what each survives).
    writer.connection().exec(options.sync_every_commit ? "PRAGMA synchronous=FULL"
                                                       : "PRAGMA synchronous=NORMAL");
  }
  static db::OpenOptions write_options(const ServiceOptions& o) {
    db::OpenOptions open;
    open.busy_timeout_ms = o.busy_timeout_ms;
    return open;
  }

  // A read-only connection for one request, back to the pool afterwards.
  class Reader {
   public:
    explicit Reader(Impl& impl) : impl_(impl) {
      {
        std::lock_guard lock(impl.pool_mutex);
        if (!impl.readers.empty()) {
          catalogue_ = std::move(impl.readers.back());
          impl.readers.pop_back();
        }
      }
      if (!catalogue_) {
        db::OpenOptions open;
        open.read_only = true;
        open.busy_timeout_ms = impl.options.busy_timeout_ms;
        // No mmap_size: the pages are read into the connection's own cache. A read
        // connection that maps the file drops the whole mapping at its first read after
        // any commit (each draw's), and maps it again: with 64 of them that is thousands
        // of munmap calls a second in a process of 100+ threads, which cut the reads of
        // the mixed load to a third (service/PERF_NOTES.md, session 17).
        catalogue_ = std::make_unique<db::Catalogue>(impl.options.db_path, open);
      }
    }
    ~Reader() {
      std::lock_guard lock(impl_.pool_mutex);
      impl_.readers.push_back(std::move(catalogue_));
    }
    db::Catalogue* operator->() { return catalogue_.get(); }

   private:
    Impl& impl_;
    std::unique_ptr<db::Catalogue> catalogue_;
  };

  // One of max_heavy slots for solve, grade and generate; 429 when none is free.
  class HeavySlot {
   public:
    explicit HeavySlot(Impl& impl) : impl_(impl) {
      if (impl.heavy.fetch_add(1) >= impl.options.max_heavy) {
        impl.heavy.fetch_sub(1);
        throw HttpError{429, "too_many_requests",
                        "too many solve, grade and generate requests at once; retry later"};
      }
    }
    ~HeavySlot() { impl_.heavy.fetch_sub(1); }

   private:
    Impl& impl_;
  };

  void authorize(const Request& req) const {
    if (!options.token) {
      throw HttpError{403, "forbidden",
                      "this server takes no writes (started without --token-file)"};
    }
    constexpr std::string_view kBearer = "Bearer ";
    const std::string& h = req.authorization;
    if (h.empty()) {
      throw HttpError{401, "unauthorized", "send Authorization: Bearer TOKEN"};
    }
    if (h.size() < kBearer.size() || h.compare(0, kBearer.size(), kBearer) != 0) {
      throw HttpError{401, "unauthorized", "the Authorization header must be 'Bearer TOKEN'"};
    }
    if (!same_secret(std::string_view(h).substr(kBearer.size()), *options.token)) {
      throw HttpError{403, "forbidden", "wrong token"};
    }
  }

  json parse_body(const Request& req) const {
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded()) bad_request("the body is not valid JSON");
    return body;
  }

  // The puzzle of a solve or grade body: any layout the CLI reads, with "variant".
  Grid puzzle_from(const Params& p) const {
    const auto text = p.get("puzzle");
    if (!text) bad_request("field 'puzzle' is required");
    if (text->size() > options.max_puzzle_text) {
      throw HttpError{413, "too_large",
                      "the puzzle text is longer than " + std::to_string(options.max_puzzle_text) +
                          " characters"};
    }
    ReaderOptions read;
    if (auto v = p.get("variant")) {
      try {
        read.variant = Variant::parse(*v);
      } catch (const VariantError& e) {
        bad_request(std::string("bad variant: ") + e.what());
      }
    }
    Grid grid;
    try {
      grid = parse_one(*text, read).grid;
    } catch (const std::exception& e) {
      bad_request(std::string("bad puzzle: ") + e.what());
    }
    if (grid.size() > options.max_size) {
      throw HttpError{413, "too_large",
                      "boards above " + std::to_string(options.max_size) + "x" +
                          std::to_string(options.max_size) + " are not served"};
    }
    return grid;
  }

  [[noreturn]] void time_limit(const char* what) const {
    throw HttpError{503, "time_limit",
                    std::string(what) + " stopped at the time limit of " +
                        std::to_string(options.work_time_limit.count()) + " ms"};
  }

  Response health() {
    Reader r(*this);
    return json_response(200, json{{"status", "ok"}, {"schema_version", r->schema_version()}});
  }

  Response stats() {
    db::CatalogueStats s;
    {
      Reader r(*this);
      s = r->stats();
    }
    auto object = [](const auto& pairs) {
      json o = json::object();
      for (const auto& [key, n] : pairs) {
        if constexpr (std::is_same_v<std::decay_t<decltype(key)>, int>)
          o[std::to_string(key)] = n;
        else
          o[key.empty() ? "ungraded" : key] = n;
      }
      return o;
    };
    return json_response(200, json{{"total", s.total},
                                   {"graded", s.graded},
                                   {"in_books", s.in_books},
                                   {"draws", s.draws},
                                   {"consumers", s.consumers},
                                   {"by_level", object(s.by_level)},
                                   {"by_size", object(s.by_size)},
                                   {"by_variant", object(s.by_variant)},
                                   {"by_clues", object(s.by_clues)},
                                   {"by_technique", object(s.by_technique)}});
  }

  Response puzzles(const Request& req) {
    const Params p(req.query);
    p.check_known({"limit", "offset"}, kFilterNames);
    db::QueryFilter f = filter_from(p);
    const long long limit =
        p.integer("limit", 0, options.max_limit).value_or(options.default_limit);
    const long long offset = p.integer("offset", 0, 1'000'000'000'000LL).value_or(0);
    // One row more than asked tells whether there is a next page.
    f.limit = limit + 1;
    if (offset) f.offset = offset;
    Response out;
    std::string& body = out.body;
    body.reserve(static_cast<std::size_t>(std::min(limit, 100LL)) * 160 + 40);
    body = "{\"puzzles\":[";
    long long listed = 0;
    bool more = false;
    {
      Reader r(*this);
      r->query_rows(f, [&](const db::PuzzleRow& row) {
        if (listed == limit) {
          more = true;
          return false;
        }
        if (listed++ > 0) body += ',';
        append_summary(body, row);
        return true;
      });
    }
    body += "],\"next_offset\":";
    if (more)
      append_json_number(body, static_cast<std::int64_t>(offset + limit));
    else
      body += "null";
    body += '}';
    return out;
  }

  Response puzzle(const Request& req, std::string_view id_text) {
    const Params p(req.query);
    p.check_known({"solution"});
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
    if (ec != std::errc() || end != id_text.data() + id_text.size() || id <= 0) {
      throw HttpError{404, "not_found", "no puzzle '" + std::string(id_text) + "'"};
    }
    const bool with_solution = p.boolean("solution").value_or(false);
    std::optional<db::PuzzleRecord> rec;
    {
      Reader r(*this);
      rec = r->get(id);
    }
    if (!rec) throw HttpError{404, "not_found", "no puzzle " + std::to_string(id)};
    return json_response(200, detail_json(*rec, with_solution));
  }

  Response draw(const Request& req) {
    const Params p = Params::from_json(parse_body(req));
    p.check_known({"consumer", "count"}, kFilterNames);
    const auto consumer = p.get("consumer");
    if (!consumer || consumer->empty() || consumer->size() > 200) {
      bad_request("field 'consumer' is required: a name of 1 to 200 characters");
    }
    const long long count = p.integer("count", 1, options.max_draw).value_or(1);
    const db::QueryFilter f = filter_from(p);
    const std::vector<db::PuzzleRecord> drawn = draw_in_group({*consumer, f, count});
    Response out;
    out.body = "{\"consumer\":";
    append_json_string(out.body, *consumer);
    out.body += ",\"puzzles\":[";
    for (std::size_t i = 0; i < drawn.size(); ++i) {
      if (i > 0) out.body += ',';
      append_summary(out.body, drawn[i]);
    }
    out.body += "]}";
    return out;
  }

  std::vector<db::PuzzleRecord> draw_in_group(db::Catalogue::DrawRequest request) {
    PendingDraw mine{std::move(request), {}, nullptr, false};
    std::unique_lock lock(draw_mutex);
    draw_queue.push_back(&mine);
    while (!mine.done) {
      if (draw_writing) {
        draw_done.wait(lock);
        continue;
      }
      draw_writing = true;
      std::vector<PendingDraw*> group;
      group.swap(draw_queue);
      lock.unlock();
      std::vector<db::Catalogue::DrawRequest> requests;
      for (const PendingDraw* d : group) requests.push_back(d->request);
      std::vector<std::vector<db::PuzzleRecord>> results;
      std::exception_ptr error;
      try {
        std::lock_guard write(write_mutex);
        results = writer.draw(requests);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      for (std::size_t i = 0; i < group.size(); ++i) {
        if (error)
          group[i]->error = error;
        else
          group[i]->result = std::move(results[i]);
        group[i]->done = true;
      }
      draw_writing = false;
      draw_done.notify_all();
    }
    if (mine.error) std::rethrow_exception(mine.error);
    return std::move(mine.result);
  }

  Response solve(const Request& req) {
    const Params p = Params::from_json(parse_body(req));
    p.check_known({"puzzle", "variant"});
    const Grid grid = puzzle_from(p);
    if (const std::string conflict = describe_conflict(grid, Alphabet::standard(grid.size()));
        !conflict.empty()) {
      throw HttpError{400, "invalid_puzzle", conflict};
    }
    HeavySlot slot(*this);
    return heavy_pool.run([&] { return solve_now(grid); });
  }

  Response solve_now(const Grid& grid) const {
    WorkTimer timer(options.work_time_limit);
    SudokuSolver solver;
    solver.set_limits(SearchLimits{0, timer.flag()});
    std::optional<Grid> solution;
    std::uint64_t n = 0;
    try {
      n = solver.enumerate(
          grid,
          [&](const Grid& s) {
            if (!solution) solution = s;
            return true;
          },
          2);
    } catch (const SearchAborted&) {
      time_limit("the search");
    }
    return json_response(
        200, json{{"solutions", n},
                  {"unique", n == 1},
                  {"solution", n == 1 ? json(db::grid_to_text(*solution)) : json(nullptr)}});
  }

  Response grade(const Request& req) {
    const Params p = Params::from_json(parse_body(req));
    p.check_known({"puzzle", "variant", "steps"});
    const Grid grid = puzzle_from(p);
    const bool steps = p.boolean("steps").value_or(true);
    HeavySlot slot(*this);
    return heavy_pool.run([&] { return grade_now(grid, steps); });
  }

  Response grade_now(const Grid& grid, bool steps) const {
    WorkTimer timer(options.work_time_limit);
    workflow::PuzzleAnalyzer analyzer({}, timer.flag());
    const workflow::PuzzleAnalysis a = analyzer.analyze(grid, steps);
    if (!a.done) time_limit("the grading");
    if (!a.error.empty()) throw HttpError{400, "invalid_puzzle", a.error};
    json out = rating_json(a.rating);
    out["solution"] = db::grid_to_text(*a.solution);
    if (steps) out["steps"] = steps_json(a.rating.steps);
    return json_response(200, out);
  }

  Response generate(const Request& req) {
    const Params p = Params::from_json(parse_body(req));
    p.check_known(
        {"count", "level", "min_rating", "max_rating", "size", "symmetry", "seed", "store"});
    const long long count = p.integer("count", 1, options.max_generate).value_or(1);
    workflow::GenerateRequest request;
    try {
      if (auto v = p.get("level")) request.target.level = workflow::parse_level("level", *v);
    } catch (const workflow::FilterError& e) {
      bad_request(e.what());
    }
    request.target.min_rating = p.number("min_rating");
    request.target.max_rating = p.number("max_rating");
    if (workflow::find_problem(request.target)) {
      bad_request("the level and rating bounds can keep no puzzle");
    }
    const int size = static_cast<int>(p.integer("size", 4, options.max_size).value_or(9));
    if (!Geometry::is_supported_size(size)) bad_request("bad size " + std::to_string(size));
    request.generator.geometry = Geometry::for_size(size);
    if (auto v = p.get("symmetry")) {
      try {
        request.generator.symmetry = parse_symmetry(*v);
      } catch (const SymmetryError& e) {
        bad_request(std::string("bad symmetry: ") + e.what());
      }
      if (request.generator.symmetry != Symmetry::kRandom &&
          !admits(request.generator.geometry, request.generator.symmetry)) {
        bad_request("this board does not admit symmetry '" + *v + "'");
      }
    }
    const bool store = p.boolean("store").value_or(false);
    request.keep_analyses = store;
    std::uint64_t seed = 0;
    if (auto s = p.seed("seed")) {
      seed = *s;
    } else {
      seed = (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
    }
    HeavySlot slot(*this);
    return heavy_pool.run([&] { return generate_now(request, count, seed, store); });
  }

  Response generate_now(const workflow::GenerateRequest& request, long long count,
                        std::uint64_t seed, bool store) {
    const workflow::GeneratePlan plan = workflow::plan_generation(request);
    BatchOptions batch;
    batch.seed = seed;
    batch.count = static_cast<std::uint64_t>(count);
    batch.threads = 1;
    batch.deadline = std::chrono::steady_clock::now() + options.work_time_limit;
    json list = json::array();
    std::vector<db::PuzzleRecord> records;
    workflow::GenerateCallbacks callbacks;
    callbacks.on_puzzle = [&](const GeneratedPuzzle& g, workflow::PuzzleAnalysis* a) {
      list.push_back(json{{"puzzle", db::grid_to_text(g.puzzle)},
                          {"solution", db::grid_to_text(g.solution)},
                          {"rating", optional_json(g.rating)},
                          {"level", g.level.empty() ? json(nullptr) : json(g.level)},
                          {"seed", g.seed},
                          {"index", g.index}});
      if (store && a) records.push_back(workflow::generated_record(g, *a, plan.run_options));
    };
    BatchResult result;
    try {
      result = workflow::generate(plan, batch, {{0, batch.count}}, callbacks, nullptr);
    } catch (const GeneratorError& e) {
      bad_request(std::string("cannot generate: ") + e.what());
    }
    if (list.empty()) time_limit("generation");
    json out{{"puzzles", std::move(list)}, {"complete", result.end == BatchEnd::kComplete}};
    if (store) {
      std::lock_guard lock(write_mutex);
      const db::AddResult added = writer.add(records);
      out["stored"] = json{{"added", added.added}, {"duplicates", added.duplicates}};
    }
    return json_response(200, out);
  }

  Response file(const EmbeddedFile& f) {
    Response r;
    r.content_type = std::string(f.content_type);
    r.body = std::string(f.content);
    return r;
  }

  Response route(const Request& req) {
    const std::string& path = req.path;
    // Which route the path names, whatever the method: a known path with another method
    // is 405 (with Allow), an unknown one 404.
    const Route* match = nullptr;
    std::string_view id;
    for (const Route& r : kRoutes) {
      if (r.path == path) match = &r;
    }
    constexpr std::string_view kPuzzlePrefix = "/v1/puzzles/";
    if (!match && path.size() > kPuzzlePrefix.size() && path.starts_with(kPuzzlePrefix)) {
      match = &*std::find_if(std::begin(kRoutes), std::end(kRoutes),
                             [](const Route& r) { return r.path == "/v1/puzzles/{id}"; });
      id = std::string_view(path).substr(kPuzzlePrefix.size());
    }
    const EmbeddedFile* static_file = nullptr;
    if (!match || match->path == "/" || match->path == "/v1/openapi.json") {
      const std::string_view want = path == "/" ? "/index.html" : std::string_view(path);
      for (const EmbeddedFile& f : embedded_files()) {
        if (f.path == want) static_file = &f;
      }
    }
    if (!match && !static_file) throw HttpError{404, "not_found", "no route " + path};
    const std::string_view method = match ? match->method : "GET";
    if (req.method != method && !(req.method == "HEAD" && method == "GET")) {
      HttpError e{405, "method_not_allowed", "use " + std::string(method) + " for " + path};
      Response r = error_response(e);
      r.headers.emplace_back("Allow", std::string(method));
      return r;
    }
    const bool write = match && match->write;
    // The page and the API document are the same for everyone and hold no catalogue data:
    // a browser loads them without a token, then the page sends the one it is given.
    const bool open = path == "/healthz" || static_file;
    if (write || (options.token_for_reads && !open)) authorize(req);
    if (static_file) return file(*static_file);
    if (match->path == "/healthz") return health();
    if (match->path == "/v1/stats") return stats();
    if (match->path == "/v1/puzzles") return puzzles(req);
    if (match->path == "/v1/puzzles/{id}") return puzzle(req, id);
    if (match->path == "/v1/draw") return draw(req);
    if (match->path == "/v1/solve") return solve(req);
    if (match->path == "/v1/grade") return grade(req);
    if (match->path == "/v1/generate") return generate(req);
    throw HttpError{404, "not_found", "no route " + path};
  }
};

Service::Service(ServiceOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Service::~Service() = default;

std::span<const Route> Service::routes() {
  return kRoutes;
}

const ServiceOptions& Service::options() const {
  return impl_->options;
}

Response Service::handle(const Request& request) noexcept {
  try {
    try {
      return impl_->route(request);
    } catch (const HttpError& e) {
      return error_response(e);
    } catch (const db::CatalogueError& e) {
      if (e.category() == db::CatalogueError::Category::kBusy) {
        return error_response({503, "busy", "the catalogue is busy; retry later"});
      }
      return error_response({500, "catalogue_error", e.what()});
    } catch (const std::bad_alloc&) {
      return error_response({503, "out_of_memory", "out of memory; retry later"});
    } catch (const std::exception& e) {
      return error_response({500, "internal", e.what()});
    }
  } catch (...) {
    Response r;
    r.status = 500;
    r.body = R"({"error":{"code":"internal","message":"internal error"}})";
    return r;
  }
}

}  // namespace sudoforge::service
