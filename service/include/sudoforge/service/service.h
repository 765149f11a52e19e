#pragma once
// Service: the HTTP JSON API of `sudoforge serve` without the HTTP. A Request (method,
// path, decoded query parameters, body, Authorization header) goes in, a Response
// (status, content type, body) comes out, so every route, bound and error is testable
// without sockets; http_server.h binds it to cpp-httplib. Never prints, never throws out
// of handle(): every failure is a JSON error {"error": {"code", "message"}} with its status
// (400 bad input, 401 no token, 403 wrong token or writes disabled, 404, 405, 413 too
// large, 429 too much heavy work at once, 503 catalogue busy or time limit, 500 otherwise).
//
// Routes (routes() lists them; the OpenAPI document service/openapi.json describes them):
//   GET /healthz, GET /v1/stats, GET /v1/openapi.json
//   GET /v1/puzzles (the filters of `db query`, limit, offset), GET /v1/puzzles/{id}
//   POST /v1/draw, POST /v1/solve, POST /v1/grade, POST /v1/generate
//   GET / and the other files embedded from web/ (embedded_files()).
// Write routes (draw, generate) need `Authorization: Bearer TOKEN`; read routes too when
// ServiceOptions::token_for_reads.
//
// Threads: handle() may be called from any number of threads at once. Reads run on a pool
// of read-only connections (WAL: they never wait for a writer); draws and stored
// generations share the one read-write connection, in turn.
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoforge::service {

struct ServiceOptions {
  std::string db_path = "sudoforge.db";
  int busy_timeout_ms = 5000;
  // Write routes need it (compared in constant time); none: write routes answer 403.
  std::optional<std::string> token;
  bool token_for_reads = false;
  // Bounds of one request.
  int default_limit = 20;
  int max_limit = 1000;                // GET /v1/puzzles limit
  int max_draw = 100;                  // POST /v1/draw count
  int max_generate = 10;               // POST /v1/generate count
  int max_size = 16;                   // largest board N that solve, grade and generate take
  std::size_t max_puzzle_text = 4096;  // characters of a puzzle field
  // Solve, grade and generate stop here and answer 503 time_limit (generate: with the
  // puzzles made so far when there are some).
  std::chrono::milliseconds work_time_limit{10000};
  // Solve, grade and generate running at once; one more answers 429, so heavy work never
  // takes every worker thread from the reads.
  int max_heavy = 1;
  // The write connection's synchronous setting. Either way a draw answered 200 is in the
  // WAL file before the answer, so it survives the server's crash or kill -9. false
  // (NORMAL): the WAL is synced at checkpoints only, so an OS crash or power loss may
  // lose the last draws (the file stays consistent); true (FULL): it is synced at every
  // commit, so they survive that too, at the cost of one sync per group of draws.
  bool sync_every_commit = false;
};

struct Request {
  std::string method;                                      // "GET", "POST", ...
  std::string path;                                        // decoded, without the query string
  std::vector<std::pair<std::string, std::string>> query;  // decoded, in order
  std::string body;
  std::string authorization;  // the header's value, "" when absent
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // e.g. Allow, Retry-After
};

struct Route {
  std::string_view method;
  std::string_view path;  // as the OpenAPI document writes it ("/v1/puzzles/{id}")
  bool write;             // needs the token
};

// A file embedded in the binary at build time (web/ and the OpenAPI document).
struct EmbeddedFile {
  std::string_view path;  // URL path: "/index.html", "/v1/openapi.json"
  std::string_view content_type;
  std::string_view content;
};
std::span<const EmbeddedFile> embedded_files();

class Service {
 public:
  // Opens the catalogue read-write (creating and migrating it as the CLI does), synchronous
  // as ServiceOptions::sync_every_commit says. Throws db::CatalogueError.
  explicit Service(ServiceOptions options);
  ~Service();
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;

  Response handle(const Request& request) noexcept;

  static std::span<const Route> routes();
  const ServiceOptions& options() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::service
