// sudoforge serve end to end: the built binary on an ephemeral loopback port, talked to
// with cpp-httplib's client: routes, auth, bad input, draws under concurrency, SIGTERM
// drain, and kill -9 in the middle of draws.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <thread>

#include "../service/service_fixture.h"
#include "run_cli.h"
#include "serve_process.h"
#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/statement.h"

namespace sudoforge::testing {
namespace {

using nlohmann::json;
constexpr const char* kToken = "serve-test-token-0123456789";

httplib::Headers auth() {
  return {{"Authorization", std::string("Bearer ") + kToken}};
}

class ServeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto dir =
        scratch_dir() / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db_ = (dir / "catalogue.db").string();
    token_file_ = (dir / "token").string();
    std::ofstream(token_file_) << kToken << '\n';
    service::testing::fill_catalogue(db_);
  }
  std::string args(const std::string& extra = "") const {
    return "--db " + db_ + " --token-file " + token_file_ + " " + extra;
  }
  std::string db_, token_file_;
};

// The HTTP layer and libssl are loaded only by sudoforge-serve, which `sudoforge serve`
// runs: every other command starts without them.
TEST(ServeBinary, OnlyTheServerLinksHttpAndSsl) {
  const CliResult cli = run_shell(std::string("readelf -d ") + SUDOFORGE_BINARY);
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_NE(cli.out.find("NEEDED"), std::string::npos) << cli.out;
  for (const char* lib : {"libcpp-httplib", "libssl", "libcrypto"}) {
    EXPECT_EQ(cli.out.find(lib), std::string::npos) << lib << "\n" << cli.out;
  }
  const std::string server_path =
      (std::filesystem::path(SUDOFORGE_BINARY).parent_path() / "sudoforge-serve").string();
  const CliResult server = run_shell("readelf -d " + server_path);
  ASSERT_EQ(server.exit_code, 0) << server.err;
  EXPECT_NE(server.out.find("libcpp-httplib"), std::string::npos) << server.out;
  const CliResult help = run_cli("serve --help");
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_NE(help.out.find("usage: sudoforge serve"), std::string::npos) << help.out;
}

TEST_F(ServeTest, EveryRouteAnswersOverHttp) {
  ServeProcess server(args());
  ASSERT_GT(server.port(), 0) << server.log();
  auto c = server.client();
  auto health = c.Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  auto list = c.Get("/v1/puzzles?level=extreme&technique=x-wing&limit=3");
  ASSERT_TRUE(list);
  EXPECT_EQ(list->status, 200);
  EXPECT_EQ(json::parse(list->body)["puzzles"].size(), 3u);
  auto one = c.Get("/v1/puzzles/2?solution=true");
  ASSERT_TRUE(one);
  EXPECT_EQ(json::parse(one->body)["id"], 2);
  auto stats = c.Get("/v1/stats");
  ASSERT_TRUE(stats);
  EXPECT_EQ(json::parse(stats->body)["total"], service::testing::kFixturePuzzles);
  auto api = c.Get("/v1/openapi.json");
  ASSERT_TRUE(api);
  EXPECT_TRUE(json::parse(api->body).contains("paths"));
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->get_header_value("Content-Type").rfind("text/html", 0), 0u);
  const std::string puzzle = json::parse(list->body)["puzzles"][0]["puzzle"];
  auto solved = c.Post("/v1/solve", json{{"puzzle", puzzle}}.dump(), "application/json");
  ASSERT_TRUE(solved);
  EXPECT_EQ(solved->status, 200);
  EXPECT_TRUE(json::parse(solved->body)["unique"].get<bool>());
  auto graded = c.Post("/v1/grade", json{{"puzzle", puzzle}}.dump(), "application/json");
  ASSERT_TRUE(graded);
  EXPECT_EQ(graded->status, 200) << graded->body;
  auto drawn =
      c.Post("/v1/draw", auth(), R"({"consumer": "http", "count": 2})", "application/json");
  ASSERT_TRUE(drawn);
  EXPECT_EQ(drawn->status, 200);
  EXPECT_EQ(json::parse(drawn->body)["puzzles"].size(), 2u);
  auto made = c.Post("/v1/generate", auth(), R"({"count": 1, "seed": 3})", "application/json");
  ASSERT_TRUE(made);
  EXPECT_EQ(made->status, 200) << made->body;
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(), 0);
  // The access log has a line per request.
  EXPECT_NE(server.log().find("POST /v1/draw 200"), std::string::npos) << server.log();
}

TEST_F(ServeTest, AuthAndBadInputGetTheirStatus) {
  ServeProcess server(args("--max-body 1024"));
  ASSERT_GT(server.port(), 0) << server.log();
  auto c = server.client();
  const std::string draw = R"({"consumer": "x"})";
  EXPECT_EQ(c.Post("/v1/draw", draw, "application/json")->status, 401);
  EXPECT_EQ(c.Post("/v1/draw", {{"Authorization", "Bearer wrong-token-wrong-token"}}, draw,
                   "application/json")
                ->status,
            403);
  EXPECT_EQ(c.Get("/v1/puzzles?level=nope")->status, 400);
  EXPECT_EQ(c.Get("/v1/puzzles/424242")->status, 404);
  EXPECT_EQ(c.Get("/v1/draw")->status, 405);
  auto big = c.Post("/v1/solve", std::string(4096, ' '), "application/json");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 413);
  EXPECT_EQ(json::parse(big->body)["error"]["code"], "too_large");
  // Still serving.
  EXPECT_EQ(c.Get("/healthz")->status, 200);
}

TEST_F(ServeTest, SixteenThreadsDrawingForOneConsumerNeverShareAPuzzle) {
  ServeProcess server(args("--quiet --threads 8"));
  ASSERT_GT(server.port(), 0) << server.log();
  std::mutex mutex;
  std::vector<std::int64_t> ids;
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 16; ++t) {
    threads.emplace_back([&] {
      auto c = server.client();
      for (;;) {
        auto r =
            c.Post("/v1/draw", auth(), R"({"consumer": "crowd", "count": 2})", "application/json");
        if (!r || r->status != 200) {
          ++errors;
          return;
        }
        const json list = json::parse(r->body)["puzzles"];
        if (list.empty()) return;
        std::lock_guard lock(mutex);
        for (const json& p : list) ids.push_back(p["id"]);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(ids.size(), static_cast<std::size_t>(service::testing::kFixturePuzzles));
  EXPECT_EQ(std::set<std::int64_t>(ids.begin(), ids.end()).size(), ids.size());
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(), 0);
  db::Catalogue cat(db_);
  db::Statement st(cat.connection(), "SELECT count(*) FROM draws WHERE consumer = 'crowd'");
  st.step();
  EXPECT_EQ(st.column_int64(0), static_cast<std::int64_t>(ids.size()));
}

// Draws committed in groups under either --sync: concurrent draws for one consumer never
// share a puzzle, and a restarted server remembers every draw it answered.
TEST_F(ServeTest, GroupCommittedDrawsSurviveARestartUnderEitherSync) {
  for (const std::string sync : {"normal", "full"}) {
    SetUp();
    std::vector<std::int64_t> ids;
    std::mutex mutex;
    auto draw_with_threads = [&](ServeProcess& server, int rounds) {
      std::vector<std::thread> threads;
      for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&] {
          auto c = server.client();
          for (int i = 0; rounds == 0 || i < rounds; ++i) {
            auto r = c.Post("/v1/draw", auth(), R"({"consumer": "again", "count": 3})",
                            "application/json");
            ASSERT_TRUE(r);
            ASSERT_EQ(r->status, 200) << r->body;
            const json list = json::parse(r->body)["puzzles"];
            if (list.empty()) return;
            std::lock_guard lock(mutex);
            for (const json& p : list) ids.push_back(p["id"]);
          }
        });
      }
      for (auto& t : threads) t.join();
    };
    {
      ServeProcess server(args("--quiet --sync " + sync));
      ASSERT_GT(server.port(), 0) << server.log();
      draw_with_threads(server, 10);
      server.signal(SIGTERM);
      EXPECT_EQ(server.wait(), 0);
    }
    EXPECT_EQ(ids.size(), 8u * 10u * 3u) << sync;
    {
      ServeProcess server(args("--quiet --sync " + sync));
      ASSERT_GT(server.port(), 0) << server.log();
      draw_with_threads(server, 0);  // until none is left
      server.signal(SIGTERM);
      EXPECT_EQ(server.wait(), 0);
    }
    EXPECT_EQ(ids.size(), static_cast<std::size_t>(service::testing::kFixturePuzzles)) << sync;
    EXPECT_EQ(std::set<std::int64_t>(ids.begin(), ids.end()).size(), ids.size()) << sync;
  }
  const CliResult bad = run_cli("serve " + args("--sync sometimes"));
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(bad.err.find("--sync"), std::string::npos) << bad.err;
}

TEST_F(ServeTest, SigtermLetsTheRequestInFlightFinishAndExitsZero) {
  // An extreme 9x9 on one thread takes seconds: the request runs into its 1.5 s limit.
  ServeProcess server(args("--work-time-limit 1.5"));
  ASSERT_GT(server.port(), 0) << server.log();
  std::optional<int> status;
  std::thread slow([&] {
    auto c = server.client();
    auto r = c.Post("/v1/generate", auth(), R"({"count": 10, "level": "extreme", "seed": 1})",
                    "application/json");
    if (r) status = r->status;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  const auto sent = std::chrono::steady_clock::now();
  server.signal(SIGTERM);
  slow.join();
  const auto answered = std::chrono::steady_clock::now();
  ASSERT_TRUE(status.has_value()) << "the request in flight got no answer";
  EXPECT_TRUE(*status == 200 || *status == 503) << *status;
  EXPECT_GT(answered - sent, std::chrono::milliseconds(100));
  EXPECT_EQ(server.wait(), 0) << server.log();
  // Stopped: nothing listens any more.
  httplib::Client after("127.0.0.1", server.port());
  EXPECT_FALSE(after.Get("/healthz"));
}

TEST_F(ServeTest, KillNineMidDrawsLosesNoAnsweredDraw) {
  std::vector<std::int64_t> answered;
  {
    ServeProcess server(args("--quiet"));
    ASSERT_GT(server.port(), 0) << server.log();
    std::mutex mutex;
    std::atomic<bool> go{true};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
      threads.emplace_back([&] {
        auto c = server.client();
        while (go) {
          auto r = c.Post("/v1/draw", auth(), R"({"consumer": "crash", "count": 1})",
                          "application/json");
          if (!r) return;  // the server is gone
          if (r->status != 200) continue;
          const json list = json::parse(r->body)["puzzles"];
          if (list.empty()) return;
          std::lock_guard lock(mutex);
          answered.push_back(list[0]["id"]);
        }
      });
    }
    // Killed once draws are being answered, however slow the machine: a fixed pause could
    // pass before the first answer on a loaded CI runner.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (;;) {
      {
        std::lock_guard lock(mutex);
        if (answered.size() >= 20) break;
      }
      if (std::chrono::steady_clock::now() > deadline) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    server.signal(SIGKILL);
    EXPECT_EQ(server.wait(), 128 + SIGKILL);
    go = false;
    for (auto& t : threads) t.join();
  }
  ASSERT_FALSE(answered.empty());
  {
    db::Catalogue cat(db_);
    db::Statement check(cat.connection(), "PRAGMA integrity_check");
    ASSERT_TRUE(check.step());
    EXPECT_EQ(check.column_text(0), "ok");
    db::Statement has(cat.connection(),
                      "SELECT count(*) FROM draws WHERE consumer = 'crash' AND puzzle_id = ?1");
    for (std::int64_t id : answered) {
      has.reset();
      has.bind(1, id);
      has.step();
      EXPECT_EQ(has.column_int64(0), 1) << "draw of puzzle " << id << " was answered but lost";
    }
  }
  // Restarted, it goes on where it stopped.
  ServeProcess again(args("--quiet"));
  ASSERT_GT(again.port(), 0) << again.log();
  auto r = again.client().Post("/v1/draw", auth(), R"({"consumer": "crash", "count": 100})",
                               "application/json");
  ASSERT_TRUE(r);
  const json again_body = json::parse(r->body);
  for (const json& p : again_body["puzzles"]) {
    EXPECT_EQ(std::count(answered.begin(), answered.end(), p["id"].get<std::int64_t>()), 0);
  }
}

}  // namespace
}  // namespace sudoforge::testing
