// sudoforge serve: the catalogue as an HTTP JSON API (service/service.h), until SIGTERM or
// SIGINT, after which the requests in flight are answered and the command exits 0.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "cmd_db.h"
#include "commands.h"
#include "query_options.h"
#include "stop_request.h"
#include "sudoforge/service/http_server.h"
#include "sudoforge/service/service.h"

namespace sudoforge::cli {
namespace {

const std::string kExamples =
    std::string(
        "  sudoforge serve --db puzzles.db                       http://127.0.0.1:8080, reads "
        "only\n"
        "  sudoforge serve --token-file /etc/sudoforge/token     draw and generate with the token\n"
        "  sudoforge serve --listen 0.0.0.0:8080 --threads 16 --token-file t --token-for-reads\n"
        "  sudoforge serve --listen 127.0.0.1:0 --quiet          any free port (said on stderr)\n"
        "  sudoforge serve --token-file t --sync full            draws survive power loss too\n"
        "  curl 'http://127.0.0.1:8080/v1/puzzles?level=hard&limit=5'\n"
        "  curl -H \"Authorization: Bearer $(cat t)\" -d '{\"consumer\":\"app1\",\"count\":3}' \\\n"
        "       http://127.0.0.1:8080/v1/draw\n"
        "\n"
        "Routes: GET /healthz, /v1/stats, /v1/puzzles, /v1/puzzles/{id}, /v1/openapi.json, and\n"
        "POST /v1/draw, /v1/solve, /v1/grade, /v1/generate (see the OpenAPI document). Draw and\n"
        "generate need 'Authorization: Bearer TOKEN' with the token of --token-file (its first\n"
        "line); without --token-file they answer 403. One access log line per request on\n"
        "stderr. SIGTERM or SIGINT: stop accepting, answer the requests in flight, exit 0.\n") +
    kCatalogueNote;

// HOST:PORT (the port after the last colon; [v6]:PORT too).
std::pair<std::string, int> parse_listen(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
    throw UsageError("bad --listen '" + text + "': use HOST:PORT, e.g. 127.0.0.1:8080");
  }
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  int port = -1;
  try {
    std::size_t used = 0;
    port = std::stoi(text.substr(colon + 1), &used);
    if (used != text.size() - colon - 1) port = -1;
  } catch (const std::exception&) {
    port = -1;
  }
  if (port < 0 || port > 65535) throw UsageError("bad --listen port in '" + text + "'");
  return {host, port};
}

std::string read_token(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw IoError(path + ": cannot read the token file");
  std::string token;
  std::getline(in, token);
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ' || token.back() == '\t')) {
    token.pop_back();
  }
  if (token.size() < 16) {
    throw UsageError("the token in " + path + " is shorter than 16 characters");
  }
  return token;
}

bool loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.starts_with("127.");
}

}  // namespace

int cmd_serve(const Invocation& inv) {
  po::options_description o("serve options");
  add_catalogue_options(o);
  // clang-format off
  o.add_options()
    ("listen", po::value<std::string>()->default_value("127.0.0.1:8080"),
     "HOST:PORT to listen on (port 0: any free port)")
    ("threads", po::value<int>()->default_value(128),
     "worker threads: keep-alive connections served at once (more wait their turn)")
    ("token-file", po::value<std::string>(), "file whose first line is the token of the write routes")
    ("token-for-reads", po::bool_switch(), "the read routes need the token too (/healthz does not)")
    ("max-body", po::value<std::size_t>()->default_value(64 * 1024), "largest request body in bytes (413 above)")
    ("max-heavy", po::value<int>(), "solve, grade and generate requests at once (429 above; default: the cores)")
    ("work-time-limit", po::value<double>()->default_value(10), "seconds a solve, grade or generate may take (503 after)")
    ("max-limit", po::value<int>()->default_value(1000), "largest limit of GET /v1/puzzles")
    ("max-draw", po::value<int>()->default_value(100), "largest count of POST /v1/draw")
    ("max-generate", po::value<int>()->default_value(10), "largest count of POST /v1/generate")
    ("max-size", po::value<int>()->default_value(16), "largest board N solve, grade and generate take")
    ("sync", po::value<std::string>()->default_value("normal"),
     "normal: an answered draw survives kill -9 of the server; full: an OS crash or power loss too (one disk sync per group of draws)")
    ("quiet", po::bool_switch(), "no access log");
  // clang-format on
  po::variables_map vm;
  if (!parse_options(inv, o, "sudoforge serve [--db FILE] [--listen HOST:PORT] [OPTIONS]",
                     kExamples, vm)) {
    return kOk;
  }
  service::ServiceOptions so;
  so.db_path = resolve_db(vm);
  so.busy_timeout_ms = open_options(vm, false).busy_timeout_ms;
  if (vm.count("token-file")) so.token = read_token(vm["token-file"].as<std::string>());
  so.token_for_reads = vm["token-for-reads"].as<bool>();
  if (so.token_for_reads && !so.token) throw UsageError("--token-for-reads needs --token-file");
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > 1024) throw UsageError("--threads must be 1 to 1024");
  // Heavy work is CPU-bound: more of it at once than there are cores only makes each slower
  // and takes workers from the reads.
  so.max_heavy = vm.count("max-heavy")
                     ? vm["max-heavy"].as<int>()
                     : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (so.max_heavy < 1) throw UsageError("--max-heavy must be at least 1");
  const double seconds = vm["work-time-limit"].as<double>();
  if (!(seconds > 0 && seconds <= 3600)) throw UsageError("--work-time-limit must be in (0, 3600]");
  so.work_time_limit = std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
  so.max_limit = vm["max-limit"].as<int>();
  so.max_draw = vm["max-draw"].as<int>();
  so.max_generate = vm["max-generate"].as<int>();
  so.max_size = vm["max-size"].as<int>();
  if (so.max_limit < 1 || so.max_draw < 1 || so.max_generate < 1 || so.max_size < 4) {
    throw UsageError("--max-limit, --max-draw and --max-generate must be at least 1, --max-size 4");
  }
  so.default_limit = std::min(so.default_limit, so.max_limit);
  const std::string sync = vm["sync"].as<std::string>();
  if (sync != "normal" && sync != "full") throw UsageError("--sync must be normal or full");
  so.sync_every_commit = sync == "full";

  service::HttpOptions ho;
  std::tie(ho.host, ho.port) = parse_listen(vm["listen"].as<std::string>());
  ho.threads = threads;
  ho.max_body = vm["max-body"].as<std::size_t>();
  std::mutex log_mutex;
  if (!vm["quiet"].as<bool>()) {
    ho.access_log = [&log_mutex](const std::string& line) {
      char stamp[32];
      const std::time_t now = std::time(nullptr);
      std::tm tm{};
      gmtime_r(&now, &tm);
      std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
      const std::string out = std::string(stamp) + ' ' + line + '\n';
      std::lock_guard lock(log_mutex);
      std::fwrite(out.data(), 1, out.size(), stderr);
    };
  }

  service::Service svc(so);
  service::HttpServer server(svc, ho);
  int port = 0;
  try {
    port = server.bind();
  } catch (const std::runtime_error& e) {
    throw IoError(e.what());
  }
  // Raised by SIGTERM or SIGINT; the watcher then stops the server, whose run() returns
  // once the requests in flight are answered.
  StopRequest stop;
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done.load() && !stop.requested())
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    server.stop();
  });
  std::cerr << "sudoforge serve: listening on http://" << ho.host << ':' << port << " (catalogue "
            << so.db_path << (so.token ? ", writes with the token" : ", no writes") << ')'
            << (loopback(ho.host) ? "" : "; not loopback: put it behind a TLS proxy") << std::endl;
  server.run();
  done = true;
  watcher.join();
  std::cerr << "sudoforge serve: stopped" << std::endl;
  return kOk;
}

}  // namespace sudoforge::cli
