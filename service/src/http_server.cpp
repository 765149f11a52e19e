#include "sudoforge/service/http_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace sudoforge::service {

struct HttpServer::Impl {
  Service& service;
  HttpOptions options;
  httplib::Server server;
  int listen_fd = -1;

  Impl(Service& s, HttpOptions o) : service(s), options(std::move(o)) {
    const std::size_t threads = static_cast<std::size_t>(std::max(1, options.threads));
    server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    server.set_payload_max_length(options.max_body);
    server.set_read_timeout(options.read_timeout_s, 0);
    server.set_write_timeout(options.read_timeout_s, 0);
    server.set_keep_alive_max_count(1000);
    // A response goes out in more than one write: without TCP_NODELAY, Nagle's algorithm
    // holds the last one until the client's delayed ACK (about 40 ms on Linux).
    server.set_tcp_nodelay(true);
    // The library listens with a backlog of 5: a burst of new connections (64 clients
    // starting at once) overflows it and some of them fail. bind() raises it again once
    // listening; this remembers the socket (and keeps the library's SO_REUSEADDR).
    server.set_socket_options([this](int fd) {
      const int on = 1;
      ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
      listen_fd = fd;
    });
    auto handler = [this](const httplib::Request& req, httplib::Response& res) { serve(req, res); };
    server.Get(".*", handler);
    server.Post(".*", handler);
    server.Put(".*", handler);
    server.Delete(".*", handler);
    server.Patch(".*", handler);
    server.Options(".*", handler);
    // What httplib answers itself (413 for a body over the bound, 400 for a malformed
    // request line) gets the same JSON error shape.
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      const bool too_large = res.status == 413;
      const std::string code = too_large ? "too_large" : "bad_request";
      const std::string message =
          too_large ? "the request body is over the limit" : "malformed HTTP request";
      res.set_content(R"({"error":{"code":")" + code + R"(","message":")" + message + R"("}})",
                      "application/json");
    });
    if (options.access_log) {
      server.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
        char line[160];
        std::snprintf(line, sizeof line, " %d %zuB", res.status, res.body.size());
        options.access_log(req.remote_addr + " " + req.method + " " + req.path + line);
      });
    }
  }

  void serve(const httplib::Request& req, httplib::Response& res) {
    Request r;
    r.method = req.method;
    r.path = req.path;
    for (const auto& [key, value] : req.params) r.query.emplace_back(key, value);
    r.body = req.body;
    r.authorization = req.get_header_value("Authorization");
    const Response out = service.handle(r);
    res.status = out.status;
    for (const auto& [key, value] : out.headers) res.set_header(key, value);
    res.set_content(out.body, out.content_type);
  }
};

HttpServer::HttpServer(Service& service, HttpOptions options)
    : impl_(std::make_unique<Impl>(service, std::move(options))) {}

HttpServer::~HttpServer() = default;

int HttpServer::bind() {
  const HttpOptions& o = impl_->options;
  int port = o.port;
  if (o.port == 0) {
    port = impl_->server.bind_to_any_port(o.host);
    if (port <= 0) throw std::runtime_error("cannot listen on " + o.host);
  } else if (!impl_->server.bind_to_port(o.host, o.port)) {
    throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port));
  }
  // listen() on a listening socket sets its backlog anew (Linux, POSIX).
  if (impl_->listen_fd >= 0) ::listen(impl_->listen_fd, SOMAXCONN);
  return port;
}

void HttpServer::run() {
  impl_->server.listen_after_bind();
}

void HttpServer::stop() {
  impl_->server.stop();
}

}  // namespace sudoforge::service
