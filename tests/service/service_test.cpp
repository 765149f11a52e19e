// The request handling of `serve` without HTTP: every route, its bounds, its errors.
#include "sudoforge/service/service.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "../db/db_test_util.h"
#include "service_fixture.h"
#include "sudoforge/core/killer_text.h"
#include "sudoforge/core/variant.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/schema.h"

namespace sudoforge::service {
namespace {

using nlohmann::json;

constexpr const char* kToken = "0123456789abcdef-secret";
constexpr const char* kEasy =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
// ER 9.5 (top1465): dynamic forcing chains, far more than a millisecond of grading.
constexpr const char* kMonster =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

std::string scratch_db(const std::string& name) {
  return db::testing::temp_db(name);
}

class ServiceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    path_ = scratch_db("catalogue.db");
    testing::fill_catalogue(path_);
  }
  static ServiceOptions options() {
    ServiceOptions o;
    o.db_path = path_;
    o.token = kToken;
    o.max_heavy = 4;
    return o;
  }
  Response get(Service& s, const std::string& path,
               std::vector<std::pair<std::string, std::string>> query = {}) {
    return s.handle(Request{"GET", path, std::move(query), "", ""});
  }
  Response post(Service& s, const std::string& path, const std::string& body,
                const std::string& token = kToken) {
    return s.handle(Request{"POST", path, {}, body, token.empty() ? "" : "Bearer " + token});
  }
  static json body(const Response& r) { return json::parse(r.body); }
  static std::string error_code(const Response& r) { return body(r)["error"]["code"]; }

  static inline std::string path_;
};

TEST_F(ServiceTest, HealthAndStats) {
  Service s(options());
  const Response h = get(s, "/healthz");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(body(h)["status"], "ok");
  EXPECT_EQ(body(h)["schema_version"], db::kSchemaVersion);
  const Response st = get(s, "/v1/stats");
  ASSERT_EQ(st.status, 200);
  EXPECT_EQ(body(st)["total"], testing::kFixturePuzzles);
  EXPECT_EQ(body(st)["by_technique"]["X-Wing"], testing::kFixturePuzzles / 10);
}

TEST_F(ServiceTest, PuzzlesTakeTheFiltersOfDbQuery) {
  Service s(options());
  const Response r =
      get(s, "/v1/puzzles", {{"level", "HARD"}, {"technique", "x wing"}, {"limit", "1000"}});
  ASSERT_EQ(r.status, 200) << r.body;
  const json list = body(r)["puzzles"];
  db::QueryFilter f;
  f.level = "hard";
  f.techniques = {"X-Wing"};
  db::Catalogue cat(path_);
  ASSERT_EQ(list.size(), static_cast<std::size_t>(cat.count(f)));
  ASSERT_FALSE(list.empty());
  for (const json& p : list) {
    EXPECT_EQ(p["level"], "hard");
    EXPECT_EQ(p["puzzle"].get<std::string>().size(), 81u);
  }
  EXPECT_TRUE(body(r)["next_offset"].is_null());
}

TEST_F(ServiceTest, PuzzlesPageWithOffset) {
  Service s(options());
  std::vector<std::int64_t> ids;
  json offset = 0;
  for (int page = 0; !offset.is_null(); ++page) {
    ASSERT_LT(page, 100);
    const Response r =
        get(s, "/v1/puzzles", {{"min_rating", "9"}, {"limit", "7"}, {"offset", offset.dump()}});
    ASSERT_EQ(r.status, 200) << r.body;
    const json page_body = body(r);
    for (const json& p : page_body["puzzles"]) ids.push_back(p["id"]);
    offset = page_body["next_offset"];
  }
  db::QueryFilter f;
  f.min_rating = 9;
  db::Catalogue cat(path_);
  std::vector<std::int64_t> want;
  for (const auto& rec : cat.query(f)) want.push_back(rec.id);
  EXPECT_EQ(ids, want);
}

TEST_F(ServiceTest, BadFiltersAre400WithTheReason) {
  Service s(options());
  const std::vector<std::pair<std::string, std::string>> bad[] = {
      {{"level", "impossible"}}, {{"technique", "telepathy"}},
      {{"limit", "1001"}},       {{"limit", "-1"}},
      {{"min_rating", "nan"}},   {{"size", "7"}},
      {{"order", "name"}},       {{"clues", "30-20"}},
      {{"colour", "red"}},       {{"level", "hard"}, {"level", "easy"}}};
  for (const auto& q : bad) {
    const Response r = get(s, "/v1/puzzles", q);
    EXPECT_EQ(r.status, 400) << q.front().first;
    EXPECT_EQ(error_code(r), "bad_request");
    EXPECT_FALSE(body(r)["error"]["message"].get<std::string>().empty());
  }
  EXPECT_NE(body(get(s, "/v1/puzzles", {{"level", "impossible"}}))["error"]["message"]
                .get<std::string>()
                .find("bad level 'impossible'"),
            std::string::npos);
}

TEST_F(ServiceTest, OnePuzzleWithItsSolutionWhenAsked) {
  Service s(options());
  const Response r = get(s, "/v1/puzzles/3");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(body(r)["id"], 3);
  EXPECT_FALSE(body(r).contains("solution"));
  EXPECT_TRUE(body(get(s, "/v1/puzzles/3", {{"solution", "true"}})).contains("solution"));
  EXPECT_EQ(get(s, "/v1/puzzles/999999").status, 404);
  EXPECT_EQ(get(s, "/v1/puzzles/abc").status, 404);
  EXPECT_EQ(get(s, "/v1/puzzles/1", {{"solution", "maybe"}}).status, 400);
}

TEST_F(ServiceTest, WritesNeedTheToken) {
  Service s(options());
  const std::string draw = R"({"consumer": "auth-test"})";
  EXPECT_EQ(post(s, "/v1/draw", draw, "").status, 401);
  EXPECT_EQ(s.handle(Request{"POST", "/v1/draw", {}, draw, "Basic abc"}).status, 401);
  EXPECT_EQ(post(s, "/v1/draw", draw, "0123456789abcdef-secreT").status, 403);
  EXPECT_EQ(post(s, "/v1/draw", draw, "0123456789abcdef-secret-longer").status, 403);
  EXPECT_EQ(post(s, "/v1/draw", draw).status, 200);
  // Reads are open unless asked otherwise; /healthz always is.
  EXPECT_EQ(get(s, "/v1/stats").status, 200);
  ServiceOptions closed = options();
  closed.token_for_reads = true;
  Service c(closed);
  EXPECT_EQ(get(c, "/v1/stats").status, 401);
  EXPECT_EQ(get(c, "/healthz").status, 200);
  // The page and the API document load without it (the page then asks for the token).
  EXPECT_EQ(get(c, "/").status, 200);
  EXPECT_EQ(get(c, "/app.js").status, 200);
  EXPECT_EQ(get(c, "/v1/openapi.json").status, 200);
  EXPECT_EQ(c.handle(Request{"GET", "/v1/stats", {}, "", std::string("Bearer ") + kToken}).status,
            200);
  // No token configured: no writes at all.
  ServiceOptions none = options();
  none.token.reset();
  Service n(none);
  EXPECT_EQ(post(n, "/v1/draw", draw).status, 403);
}

// The threads of this process at a niceness of at least `nice` (field 19 of
// /proc/self/task/TID/stat, after the command name in parentheses).
int threads_at_nice(int nice) {
  int n = 0;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream in(task.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream rest(stat.substr(stat.rfind(')') + 2));
    // Fields 3 (state) to 19 (nice).
    std::vector<std::string> fields(17);
    for (std::string& f : fields) rest >> f;
    if (!fields.back().empty() && std::stoi(fields.back()) >= nice) ++n;
  }
  return n;
}

// Solve, grade and generate run on max_heavy threads of their own at nice +10, so that on
// a busy machine they cannot take the cores from the reads; they answer as before.
TEST_F(ServiceTest, HeavyWorkRunsOnItsOwnLowerPriorityThreads) {
  const int base = ::getpriority(PRIO_PROCESS, 0);
  if (base > 9) GTEST_SKIP() << "already at nice " << base << ": no room for +10";
  ASSERT_EQ(threads_at_nice(base + 10), 0);
  ServiceOptions o = options();
  o.max_heavy = 2;
  Service s(o);
  const Response r = post(s, "/v1/grade", R"({"puzzle": ")" + std::string(kEasy) + R"("})");
  ASSERT_EQ(r.status, 200) << r.body;
  int low = 0;
  for (int i = 0; i < 200 && (low = threads_at_nice(base + 10)) < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(low, 2);
}

TEST_F(ServiceTest, DrawsNeverRepeatForAConsumer) {
  Service s(options());
  std::set<std::int64_t> seen;
  int drawn = 0;
  for (;;) {
    const Response r =
        post(s, "/v1/draw", R"({"consumer": "unit", "count": 7, "level": "extreme"})");
    ASSERT_EQ(r.status, 200) << r.body;
    const json list = body(r)["puzzles"];
    if (list.empty()) break;
    for (const json& p : list) {
      EXPECT_EQ(p["level"], "extreme");
      EXPECT_TRUE(seen.insert(p["id"].get<std::int64_t>()).second) << "drawn twice: " << p["id"];
      ++drawn;
    }
  }
  db::QueryFilter f;
  f.level = "extreme";
  db::Catalogue cat(path_);
  EXPECT_EQ(drawn, cat.count(f));
  // Another consumer starts afresh.
  const Response other =
      post(s, "/v1/draw", R"({"consumer": "unit-2", "count": 3, "level": "extreme"})");
  EXPECT_EQ(body(other)["puzzles"].size(), 3u);
}

// Lines of /proc/self/maps that map `path` itself (not its -wal or -shm).
int mappings_of(const std::string& path) {
  const std::string name = std::filesystem::canonical(path).string();
  std::ifstream maps("/proc/self/maps");
  int n = 0;
  for (std::string line; std::getline(maps, line);) {
    if (line.size() > name.size() &&
        line.compare(line.size() - name.size(), name.size(), name) == 0 &&
        line[line.size() - name.size() - 1] == ' ') {
      ++n;
    }
  }
  return n;
}

// A read connection that maps the catalogue drops and remakes its mapping at its first
// read after every commit (SQLite's pager does so when the WAL changed), so under draws
// the reads spent their time in munmap and page faults: the readers keep pages in their
// own caches instead, and the catalogue file is never mapped.
TEST_F(ServiceTest, ReadConnectionsDoNotMapTheCatalogue) {
  const std::string path = scratch_db("unmapped.db");
  testing::fill_catalogue(path);
  ServiceOptions o = options();
  o.db_path = path;
  Service s(o);
  ASSERT_EQ(get(s, "/v1/puzzles", {{"limit", "5"}}).status, 200);
  ASSERT_EQ(post(s, "/v1/draw", R"({"consumer": "maps", "count": 2})").status, 200);
  const Response after = get(s, "/v1/puzzles", {{"limit", "5"}});
  ASSERT_EQ(after.status, 200);
  EXPECT_EQ(body(after)["puzzles"].size(), 5u);
  EXPECT_EQ(mappings_of(path), 0);
}

TEST_F(ServiceTest, DrawBodiesAreChecked) {
  Service s(options());
  EXPECT_EQ(post(s, "/v1/draw", "not json").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", "[1,2]").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", R"({"count": 1})").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", R"({"consumer": "x", "count": 101})").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", R"({"consumer": "x", "count": 0})").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", R"({"consumer": {"a": 1}})").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", R"({"consumer": "x", "lvl": "hard"})").status, 400);
  EXPECT_EQ(post(s, "/v1/draw", R"({"consumer": "x'; DROP TABLE draws; --"})").status, 200);
  EXPECT_EQ(get(s, "/v1/stats").status, 200);
}

TEST_F(ServiceTest, SolveAndGrade) {
  Service s(options());
  const Response solved = post(s, "/v1/solve", json{{"puzzle", kEasy}}.dump(), "");
  ASSERT_EQ(solved.status, 200) << solved.body;
  EXPECT_TRUE(body(solved)["unique"].get<bool>());
  EXPECT_EQ(body(solved)["solution"].get<std::string>().find('.'), std::string::npos);
  std::string two = kEasy;
  two[2] = '.';
  two[4] = '.';
  two[6] = '.';
  EXPECT_EQ(body(post(s, "/v1/solve", json{{"puzzle", two}}.dump(), ""))["unique"], false);
  std::string clash = kEasy;
  clash[0] = '3';
  EXPECT_EQ(post(s, "/v1/solve", json{{"puzzle", clash}}.dump(), "").status, 400);
  EXPECT_EQ(post(s, "/v1/solve", R"({"puzzle": "123"})", "").status, 400);
  EXPECT_EQ(post(s, "/v1/solve", json{{"puzzle", std::string(5000, '.')}}.dump(), "").status, 413);

  const Response graded = post(s, "/v1/grade", json{{"puzzle", kEasy}}.dump(), "");
  ASSERT_EQ(graded.status, 200) << graded.body;
  EXPECT_EQ(body(graded)["level"], "easy");
  EXPECT_FALSE(body(graded)["steps"].empty());
  EXPECT_TRUE(body(graded)["steps"][0].contains("explanation"));
  EXPECT_FALSE(body(post(s, "/v1/grade", json{{"puzzle", kEasy}, {"steps", false}}.dump(), ""))
                   .contains("steps"));
  EXPECT_EQ(error_code(post(s, "/v1/grade", json{{"puzzle", two}}.dump(), "")), "invalid_puzzle");
}

TEST_F(ServiceTest, GradeOfAMonsterStopsAtTheTimeLimitAndSaysSo) {
  ServiceOptions o = options();
  o.work_time_limit = std::chrono::milliseconds(1);
  Service s(o);
  const Response r = post(s, "/v1/grade", json{{"puzzle", kMonster}}.dump(), "");
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(error_code(r), "time_limit");
  EXPECT_NE(body(r)["error"]["message"].get<std::string>().find("time limit"), std::string::npos);
}

TEST_F(ServiceTest, HeavyWorkBeyondTheBoundIs429) {
  ServiceOptions o = options();
  o.max_heavy = 0;
  Service s(o);
  const Response r = post(s, "/v1/grade", json{{"puzzle", kEasy}}.dump(), "");
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(error_code(r), "too_many_requests");
  // Reads are not heavy work.
  EXPECT_EQ(get(s, "/v1/puzzles").status, 200);
}

TEST_F(ServiceTest, GenerateIsBoundedAndMayStore) {
  const std::string path = scratch_db("generate.db");
  ServiceOptions o = options();
  o.db_path = path;
  Service s(o);
  EXPECT_EQ(post(s, "/v1/generate", R"({"count": 1})", "").status, 401);
  EXPECT_EQ(post(s, "/v1/generate", R"({"count": 11})").status, 400);
  EXPECT_EQ(post(s, "/v1/generate", R"({"size": 25})").status, 400);
  EXPECT_EQ(post(s, "/v1/generate", R"({"level": "hard", "max_rating": 2})").status, 400);
  const Response r = post(s, "/v1/generate", R"({"count": 2, "seed": 7, "store": true})");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(body(r)["puzzles"].size(), 2u);
  EXPECT_TRUE(body(r)["complete"].get<bool>());
  EXPECT_EQ(body(r)["stored"]["added"], 2);
  db::Catalogue cat(path);
  EXPECT_EQ(cat.count({}), 2);
  // The same seed makes the same puzzles.
  EXPECT_EQ(body(post(s, "/v1/generate", R"({"count": 2, "seed": 7})"))["puzzles"][1]["puzzle"],
            body(r)["puzzles"][1]["puzzle"]);
}

TEST_F(ServiceTest, UnknownRoutesAndMethods) {
  Service s(options());
  EXPECT_EQ(get(s, "/v2/puzzles").status, 404);
  EXPECT_EQ(error_code(get(s, "/nope")), "not_found");
  const Response r = get(s, "/v1/draw");
  EXPECT_EQ(r.status, 405);
  ASSERT_FALSE(r.headers.empty());
  EXPECT_EQ(r.headers[0], (std::pair<std::string, std::string>{"Allow", "POST"}));
  EXPECT_EQ(s.handle(Request{"DELETE", "/v1/puzzles/1", {}, "", ""}).status, 405);
}

TEST_F(ServiceTest, TheWebPageAndTheOpenApiDocumentAreEmbedded) {
  Service s(options());
  const Response page = get(s, "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type.rfind("text/html", 0), 0u);
  EXPECT_NE(page.body.find("<html"), std::string::npos);
  const Response doc = get(s, "/v1/openapi.json");
  ASSERT_EQ(doc.status, 200);
  const json api = body(doc);
  EXPECT_EQ(api["openapi"].get<std::string>().rfind("3.", 0), 0u);
  // Every route the server has is documented, with its method.
  for (const Route& route : Service::routes()) {
    const std::string path(route.path);
    ASSERT_TRUE(api["paths"].contains(path)) << path;
    std::string method(route.method);
    for (char& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_TRUE(api["paths"][path].contains(method)) << route.method << ' ' << path;
    EXPECT_EQ(api["paths"][path][method].contains("security"), route.write) << path;
  }
  // ... and nothing else.
  EXPECT_EQ(api["paths"].size(), Service::routes().size());
}

// The listing and the draw answers are written straight into their text (no JSON
// document): that text must be the one nlohmann writes for the same values, and the values
// those of the records, on every board (X, jigsaw, killer, 4x4, 16x16), for ungraded rows,
// odd numbers and a level that needs escaping.
TEST_F(ServiceTest, ListingTextIsTheOneOfTheJsonDocument) {
  const std::string path = scratch_db("boards.db");
  {
    std::vector<db::PuzzleRecord> records;
    auto add = [&](Grid givens, std::optional<double> rating, std::optional<std::string> level) {
      db::PuzzleRecord r;
      r.givens = std::move(givens);
      r.rating_er = rating;
      r.level = std::move(level);
      r.source = "boards";
      records.push_back(std::move(r));
    };
    add(db::testing::grid(kEasy), 1.2, "easy");
    add(db::testing::grid(kMonster), 9.5, "wei\"rd\\ \xc3\xa9\x01");
    add(db::testing::grid(std::string(kEasy).replace(2, 1, ".")), std::nullopt, std::nullopt);
    add(db::testing::grid(std::string(kEasy).replace(4, 1, ".")), 1e20, "extreme");
    add(db::testing::grid(std::string(kEasy).replace(6, 1, ".")), 1e-05, "easy");
    add(db::testing::grid(std::string(kEasy).replace(9, 1, ".")), 10.0, "extreme");
    Grid x(Variant::parse("x").apply(Geometry()));
    x.set(0, 1);
    x.set(10, 2);
    add(x, 2.0, "easy");
    const Geometry killer = parse_killer_layout(
        Variant::parse("killer"),
        "ABBCCDDEFAGBCCDHEEIGJCKDLEEIGJMMMNOPGGQQMRNNSTTUVRRNNSWWUVVXYSSWWUVVZYYSWUUaZZZYY;"
        "A=13,B=13,C=22,D=24,E=22,F=5,G=21,H=9,I=13,J=12,K=1,L=7,M=19,N=20,O=1,P=7,Q=12,"
        "R=11,S=32,T=9,U=20,V=24,W=29,X=3,Y=27,Z=23,a=6");
    add(Grid(killer), 2.2, "medium");
    std::vector<int> labels;
    for (char c : std::string("111222113222133344553344556664556664")) labels.push_back(c - '1');
    Grid jigsaw(Variant::parse("jigsaw").apply(Geometry::with_regions(6, labels)));
    jigsaw.set(0, 1);
    jigsaw.set(7, 2);
    add(jigsaw, 1.5, "easy");
    Grid big(Geometry::for_size(16));
    big.set(0, 16);
    big.set(17, 10);
    add(big, 1.1, "easy");
    Grid small(Geometry::for_size(4));
    small.set(0, 1);
    add(small, std::nullopt, std::nullopt);
    db::Catalogue cat(path);
    ASSERT_EQ(cat.add(records).added, static_cast<long long>(records.size()));
  }
  ServiceOptions o = options();
  o.db_path = path;
  Service s(o);
  using ordered = nlohmann::ordered_json;
  auto as_nlohmann_writes = [](const std::string& text) {
    return ordered::parse(text).dump(-1, ' ', false, ordered::error_handler_t::replace);
  };
  auto expect_summaries = [&](const json& list, const std::vector<db::PuzzleRecord>& records) {
    ASSERT_EQ(list.size(), records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      const db::PuzzleRecord& r = records[i];
      const json& p = list[i];
      EXPECT_EQ(p["id"], r.id);
      EXPECT_EQ(p["puzzle"], db::grid_to_text(r.givens));
      EXPECT_EQ(p["rating"], r.rating_er ? json(*r.rating_er) : json(nullptr));
      EXPECT_EQ(p["level"], r.level ? json(*r.level) : json(nullptr));
      EXPECT_EQ(p["clues"], r.clues());
      EXPECT_EQ(p["size"], r.size());
      EXPECT_EQ(p["variant"], r.variant());
      EXPECT_EQ(p.contains("regions"), !r.regions().empty());
      if (!r.regions().empty()) {
        EXPECT_EQ(p["regions"], r.regions());
      }
    }
  };
  db::Catalogue cat(path);
  for (const auto& query : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"limit", "1000"}},
           {{"limit", "3"}, {"offset", "2"}, {"order", "rating"}},
           {{"variant", "killer"}},
           {{"size", "16"}}}) {
    const Response r = get(s, "/v1/puzzles", query);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.body, as_nlohmann_writes(r.body));
    db::QueryFilter f;
    for (const auto& [key, value] : query) {
      if (key == "limit") f.limit = std::stoll(value) + 1;
      if (key == "offset") f.offset = std::stoll(value);
      if (key == "order") f.order = db::QueryFilter::Order::kRating;
      if (key == "variant") f.variant = value;
      if (key == "size") f.size = std::stoi(value);
    }
    std::vector<db::PuzzleRecord> records = cat.query(f);
    const bool more = f.limit && static_cast<long long>(records.size()) == *f.limit;
    if (more) records.pop_back();
    expect_summaries(body(r)["puzzles"], records);
    EXPECT_EQ(body(r)["next_offset"].is_null(), !more);
  }
  const Response drawn = post(s, "/v1/draw", R"({"consumer": "text \"é\"", "count": 100})");
  ASSERT_EQ(drawn.status, 200) << drawn.body;
  EXPECT_EQ(drawn.body, as_nlohmann_writes(drawn.body));
  EXPECT_EQ(body(drawn)["consumer"], "text \"é\"");
  expect_summaries(body(drawn)["puzzles"], cat.query({}));
}

// Random paths, methods, queries and bodies: every answer is a status of the contract with
// a JSON body (an error object for the errors), and nothing crashes.
TEST_F(ServiceTest, RandomRequestsNeverCrash) {
  ServiceOptions o = options();
  o.db_path = scratch_db("fuzz.db");  // random draws and stored generations go here
  testing::fill_catalogue(o.db_path);
  o.work_time_limit = std::chrono::milliseconds(200);
  Service s(o);
  std::mt19937 rng(2026);
  const std::vector<std::string> paths = {"/",
                                          "/healthz",
                                          "/v1/puzzles",
                                          "/v1/puzzles/1",
                                          "/v1/puzzles/",
                                          "/v1/draw",
                                          "/v1/solve",
                                          "/v1/grade",
                                          "/v1/generate",
                                          "/v1/stats",
                                          "/v1/puzzles/-1",
                                          "/%00",
                                          "/v1/puzzles/99999999999999999999"};
  const std::vector<std::string> methods = {"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", ""};
  const std::vector<std::string> keys = {"level", "limit",  "offset", "technique", "consumer",
                                         "count", "puzzle", "size",   "order",     "seed",
                                         "steps", "store",  "x"};
  const std::vector<std::string> values = {"",
                                           "hard",
                                           "-1",
                                           "1e308",
                                           "9",
                                           "random",
                                           "true",
                                           "\xff\xfe",
                                           kEasy,
                                           "0x10",
                                           "1000000000000000000000",
                                           "{",
                                           "x wing"};
  auto pick = [&](const auto& v) { return v[rng() % v.size()]; };
  auto noise = [&](std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += static_cast<char>(rng() % 256);
    return out;
  };
  const std::set<int> allowed = {200, 400, 401, 403, 404, 405, 413, 429, 503};
  for (int i = 0; i < 1500; ++i) {
    Request req;
    req.method = pick(methods);
    req.path = rng() % 8 == 0 ? "/" + noise(rng() % 20) : pick(paths);
    for (int q = static_cast<int>(rng() % 4); q > 0; --q)
      req.query.emplace_back(pick(keys), pick(values));
    switch (rng() % 4) {
      case 0:
        req.body = noise(rng() % 200);
        break;
      case 1: {
        json b = json::object();
        for (int q = static_cast<int>(rng() % 4); q > 0; --q) b[pick(keys)] = pick(values);
        if (rng() % 2) b["consumer"] = "fuzz";
        req.body = b.dump(-1, ' ', false, json::error_handler_t::replace);
        break;
      }
      case 2:
        req.body = R"({"consumer": "fuzz", "count": )" + pick(values) + "}";
        break;
      default:
        break;
    }
    req.authorization = rng() % 2 ? std::string("Bearer ") + kToken : pick(values);
    const Response r = s.handle(req);
    ASSERT_TRUE(allowed.count(r.status))
        << r.status << ' ' << req.method << ' ' << req.path << ' ' << r.body;
    if (r.content_type == "application/json") {
      const json b = json::parse(r.body, nullptr, false);
      ASSERT_FALSE(b.is_discarded()) << r.body;
      if (r.status >= 400) {
        EXPECT_TRUE(b["error"]["code"].is_string()) << r.body;
      }
    }
  }
}

}  // namespace
}  // namespace sudoforge::service
