// serve_load: a load test of `sudoforge serve` on loopback. N clients (keep-alive
// connections) mix filtered reads, draws and grades for a bounded time and request count,
// then the report: requests/s, p50 and p99 latency per kind, errors, requests shed with
// 429, duplicate draws per consumer, the draws table checked against what the clients were
// given, and PRAGMA integrity_check. Exit 0 when there were no errors, no duplicates and
// the catalogue is sound; 1 otherwise; 2 for bad arguments.
//
//   serve_load --db FILE [--clients 64] [--seconds 10] [--requests N] [--server-threads 8]
//              [--mix 80,15,5] [--consumers 16]
//   serve_load --url http://127.0.0.1:8080 --token TOKEN --db FILE    (a running server)
//
// With --db alone the server runs in this process (the same Service and HttpServer as
// `sudoforge serve`, on an ephemeral loopback port); the catalogue must hold puzzles.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "sudoforge/db/catalogue.h"
#include "sudoforge/db/statement.h"
#include "sudoforge/service/http_server.h"
#include "sudoforge/service/service.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Args {
  std::string db;
  std::string url;  // empty: in-process server
  std::string token = "serve-load-token-0123456789";
  int clients = 64;
  double seconds = 10;
  long long requests = 0;  // 0: no bound but the time
  // httplib serves a keep-alive connection on one worker until it closes: a thread per
  // client, or clients queue behind each other.
  int server_threads = 64;
  int consumers = 16;
  int mix[3] = {80, 15, 5};  // reads, draws, grades
};

enum Kind { kRead, kDraw, kGrade, kKinds };
const char* const kKindNames[kKinds] = {"read", "draw", "grade"};

struct ClientStats {
  std::vector<double> latency_ms[kKinds];
  long long errors[kKinds] = {};
  long long shed[kKinds] = {};                             // 429: the server's bound on heavy work
  std::map<std::string, std::vector<std::int64_t>> drawn;  // consumer -> ids
  std::string first_error;
};

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

[[noreturn]] void usage(const std::string& message) {
  std::cerr << "serve_load: " << message
            << "\nusage: serve_load --db FILE [--url URL --token TOKEN] [--clients N] "
               "[--seconds S] [--requests N] [--server-threads N] [--mix R,D,G] [--consumers N]\n";
  std::exit(2);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(k + " needs a value");
      return argv[++i];
    };
    try {
      if (k == "--db")
        a.db = value();
      else if (k == "--url")
        a.url = value();
      else if (k == "--token")
        a.token = value();
      else if (k == "--clients")
        a.clients = std::stoi(value());
      else if (k == "--seconds")
        a.seconds = std::stod(value());
      else if (k == "--requests")
        a.requests = std::stoll(value());
      else if (k == "--server-threads")
        a.server_threads = std::stoi(value());
      else if (k == "--consumers")
        a.consumers = std::stoi(value());
      else if (k == "--mix") {
        const std::string m = value();
        if (std::sscanf(m.c_str(), "%d,%d,%d", &a.mix[0], &a.mix[1], &a.mix[2]) != 3) {
          usage("bad --mix '" + m + "'");
        }
      } else
        usage("unknown argument " + k);
    } catch (const std::logic_error&) {
      usage("bad value for " + k);
    }
  }
  if (a.db.empty()) usage("--db is required");
  if (a.clients < 1 || a.consumers < 1 || a.seconds <= 0 || a.server_threads < 1)
    usage("bad bounds");
  if (a.mix[0] < 0 || a.mix[1] < 0 || a.mix[2] < 0 || a.mix[0] + a.mix[1] + a.mix[2] <= 0) {
    usage("bad --mix");
  }
  return a;
}

// One client: requests until the deadline or the shared budget runs out.
void client(const Args& a, const std::string& host, int port,
            const std::vector<std::string>& grade_puzzles, Clock::time_point deadline,
            std::atomic<long long>& budget, unsigned seed, ClientStats& s) {
  httplib::Client c(host, port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);
  c.set_read_timeout(60, 0);
  const httplib::Headers auth = {{"Authorization", "Bearer " + a.token}};
  std::mt19937 rng(seed);
  const int total = a.mix[0] + a.mix[1] + a.mix[2];
  const char* const levels[] = {"easy", "medium", "hard", "expert", "diabolical", "extreme"};
  const char* const orders[] = {"id", "rating", "clues"};
  while (Clock::now() < deadline && (a.requests == 0 || budget.fetch_sub(1) > 0)) {
    const int roll = static_cast<int>(rng() % static_cast<unsigned>(total));
    const Kind kind = roll < a.mix[0] ? kRead : roll < a.mix[0] + a.mix[1] ? kDraw : kGrade;
    std::string consumer;
    const auto start = Clock::now();
    if (kind == kDraw)
      consumer = "load-" + std::to_string(rng() % static_cast<unsigned>(a.consumers));
    httplib::Result r = [&] {
      if (kind == kRead) {
        return c.Get(std::string("/v1/puzzles?level=") + levels[rng() % 6] + "&order=" +
                     orders[rng() % 3] + "&limit=10&offset=" + std::to_string(rng() % 3 * 10));
      }
      if (kind == kDraw) {
        return c.Post("/v1/draw", auth, json{{"consumer", consumer}, {"count", 1}}.dump(),
                      "application/json");
      }
      const std::string& p = grade_puzzles[rng() % grade_puzzles.size()];
      return c.Post("/v1/grade", json{{"puzzle", p}, {"steps", false}}.dump(), "application/json");
    }();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (r && r->status == 429) {
      ++s.shed[kind];
      continue;
    }
    if (!r || r->status != 200) {
      ++s.errors[kind];
      if (s.first_error.empty()) {
        s.first_error =
            r ? std::to_string(r->status) + " " + r->body : httplib::to_string(r.error());
      }
      continue;
    }
    s.latency_ms[kind].push_back(ms);
    if (kind == kDraw) {
      const json body = json::parse(r->body, nullptr, false);
      if (body.is_discarded()) {
        ++s.errors[kind];
        continue;
      }
      for (const json& p : body["puzzles"])
        s.drawn[consumer].push_back(p["id"].get<std::int64_t>());
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  using namespace sudoforge;

  // Puzzles to grade: the catalogue's easier ones (a grade of each costs milliseconds).
  std::vector<std::string> grade_puzzles;
  try {
    db::OpenOptions ro;
    ro.read_only = true;
    db::Catalogue cat(a.db, ro);
    db::QueryFilter f;
    f.max_rating = 4.4;
    f.limit = 200;
    for (const auto& r : cat.query(f)) grade_puzzles.push_back(db::grid_to_text(r.givens));
    if (grade_puzzles.empty()) {
      f.max_rating.reset();
      for (const auto& r : cat.query(f)) grade_puzzles.push_back(db::grid_to_text(r.givens));
    }
  } catch (const std::exception& e) {
    std::cerr << "serve_load: " << e.what() << '\n';
    return 2;
  }
  if (grade_puzzles.empty()) usage(a.db + " holds no puzzles");

  std::unique_ptr<service::Service> svc;
  std::unique_ptr<service::HttpServer> server;
  std::thread server_thread;
  std::string host = "127.0.0.1";
  int port = 0;
  if (a.url.empty()) {
    service::ServiceOptions so;
    so.db_path = a.db;
    so.token = a.token;
    so.max_heavy = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    svc = std::make_unique<service::Service>(so);
    service::HttpOptions ho;
    ho.port = 0;
    ho.threads = a.server_threads;
    server = std::make_unique<service::HttpServer>(*svc, ho);
    port = server->bind();
    server_thread = std::thread([&] { server->run(); });
  } else {
    const auto colon = a.url.rfind(':');
    const auto slashes = a.url.find("//");
    if (colon == std::string::npos || slashes == std::string::npos || colon < slashes) {
      usage("bad --url " + a.url);
    }
    host = a.url.substr(slashes + 2, colon - slashes - 2);
    port = std::stoi(a.url.substr(colon + 1));
  }

  std::vector<ClientStats> stats(static_cast<std::size_t>(a.clients));
  std::atomic<long long> budget{a.requests};
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(a.seconds));
  {
    std::vector<std::thread> threads;
    for (int i = 0; i < a.clients; ++i) {
      threads.emplace_back(client, std::cref(a), std::cref(host), port, std::cref(grade_puzzles),
                           deadline, std::ref(budget), 1000u + static_cast<unsigned>(i),
                           std::ref(stats[static_cast<std::size_t>(i)]));
    }
    for (auto& t : threads) t.join();
  }
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  if (server) {
    server->stop();
    server_thread.join();
    server.reset();
    svc.reset();
  }

  // The report.
  long long errors = 0, requests = 0;
  std::string first_error;
  std::map<std::string, std::vector<std::int64_t>> drawn;
  std::printf("serve_load: %d clients, %.1f s, %d server threads, mix %d/%d/%d\n", a.clients,
              elapsed, a.server_threads, a.mix[0], a.mix[1], a.mix[2]);
  for (int k = 0; k < kKinds; ++k) {
    std::vector<double> all;
    long long kind_errors = 0, shed = 0;
    for (auto& s : stats) {
      all.insert(all.end(), s.latency_ms[k].begin(), s.latency_ms[k].end());
      kind_errors += s.errors[k];
      shed += s.shed[k];
    }
    errors += kind_errors;
    requests += static_cast<long long>(all.size()) + kind_errors + shed;
    std::printf("  %-5s %8zu ok %9.0f/s  p50 %7.2f ms  p99 %7.2f ms  errors %lld  shed(429) %lld\n",
                kKindNames[k], all.size(), static_cast<double>(all.size()) / elapsed,
                percentile(all, 0.5), percentile(all, 0.99), kind_errors, shed);
  }
  for (auto& s : stats) {
    if (first_error.empty()) first_error = s.first_error;
    for (auto& [consumer, ids] : s.drawn) {
      auto& into = drawn[consumer];
      into.insert(into.end(), ids.begin(), ids.end());
    }
  }
  std::printf("  total %8lld requests %9.0f/s\n", requests,
              static_cast<double>(requests) / elapsed);
  if (!first_error.empty()) std::printf("  first error: %s\n", first_error.substr(0, 200).c_str());

  // Duplicates as the clients saw them, and the draws table against them.
  long long duplicates = 0, missing = 0;
  for (const auto& [consumer, ids] : drawn) {
    duplicates +=
        static_cast<long long>(ids.size() - std::set<std::int64_t>(ids.begin(), ids.end()).size());
  }
  std::string integrity = "?";
  try {
    db::Catalogue cat(a.db);
    db::Statement has(cat.connection(),
                      "SELECT count(*) FROM draws WHERE consumer = ?1 AND puzzle_id = ?2");
    for (const auto& [consumer, ids] : drawn) {
      for (std::int64_t id : ids) {
        has.reset();
        has.bind(1, consumer).bind(2, id);
        has.step();
        if (has.column_int64(0) != 1) ++missing;
      }
    }
    db::Statement check(cat.connection(), "PRAGMA integrity_check");
    check.step();
    integrity = check.column_text(0);
  } catch (const std::exception& e) {
    integrity = e.what();
  }
  std::printf(
      "  errors %lld, duplicate draws %lld, answered draws missing from the table %lld, "
      "integrity_check %s\n",
      errors, duplicates, missing, integrity.c_str());
  return errors == 0 && duplicates == 0 && missing == 0 && integrity == "ok" ? 0 : 1;
}
