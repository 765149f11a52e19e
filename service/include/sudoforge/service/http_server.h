#pragma once
// HttpServer: Service on HTTP/1.1 (cpp-httplib: a thread pool of synchronous handlers,
// keep-alive, a bound on the request body). Every request, whatever its method and path,
// goes to Service::handle; bodies over the bound get 413 before they are read whole.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "sudoforge/service/service.h"

namespace sudoforge::service {

struct HttpOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (bind() says which)
  // Each serves one keep-alive connection at a time, and a connection keeps its worker
  // while it stays open: fewer workers than concurrent clients leave the rest queued
  // (seconds at p99). An idle worker costs a blocked thread, nothing more.
  int threads = 128;
  std::size_t max_body = 64 * 1024;
  int read_timeout_s = 5;  // a client that stops sending mid-request is dropped
  // One line per request ("127.0.0.1 GET /v1/stats 200 312B 0.4ms"); none: no access log.
  std::function<void(const std::string&)> access_log;
};

class HttpServer {
 public:
  HttpServer(Service& service, HttpOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds the listening socket; returns the port. Throws std::runtime_error when it cannot.
  int bind();
  // Serves until stop(); returns after the requests in flight have been answered.
  void run();
  // From any thread: stop accepting connections; run() then drains and returns.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::service
