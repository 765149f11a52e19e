#include "webdriver.h"

#include <fcntl.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

namespace sudoforge::test {
namespace {

// The W3C name of an element reference in JSON.
constexpr const char* kElementKey = "element-6066-11e4-a52e-4f735466cecf";

// `name` on PATH (or in the environment variable `env` when set); "" when not found.
std::string find_program(const char* env, const std::vector<std::string>& names) {
  if (const char* set = std::getenv(env); set && *set) {
    return std::filesystem::exists(set) ? set : "";
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (const std::string& name : names) {
    std::size_t start = 0;
    while (start <= dirs.size()) {
      const std::size_t end = std::min(dirs.find(':', start), dirs.size());
      const std::filesystem::path candidate =
          std::filesystem::path(dirs.substr(start, end - start)) / name;
      if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
      start = end + 1;
    }
  }
  return "";
}

std::string chromium_path() {
  return find_program("SUDOFORGE_CHROMIUM", {"chromium", "chromium-browser", "google-chrome"});
}
std::string chromedriver_path() {
  return find_program("SUDOFORGE_CHROMEDRIVER", {"chromedriver"});
}

// A local TCP port nobody listens on now (the kernel's pick; free again once closed).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  int port = -1;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  ::close(fd);
  return port;
}

void stop_process(pid_t pid) {
  if (pid <= 0) return;
  ::kill(pid, SIGTERM);
  for (int i = 0; i < 50; ++i) {
    if (::waitpid(pid, nullptr, WNOHANG) == pid) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
}

}  // namespace

struct Browser::Impl {
  pid_t driver = -1;
  std::unique_ptr<httplib::Client> http;
  std::string session;

  ~Impl() {
    if (http && !session.empty()) http->Delete("/session/" + session);
    stop_process(driver);
  }
};

std::string Browser::unavailable_reason() {
  if (chromium_path().empty()) return "chromium not found (apt-get install chromium)";
  if (chromedriver_path().empty()) {
    return "chromedriver not found (apt-get install chromium-driver)";
  }
  return "chromedriver or chromium would not start a headless session";
}

std::optional<Browser> Browser::start() {
  const std::string chromium = chromium_path(), driver = chromedriver_path();
  if (chromium.empty() || driver.empty()) return std::nullopt;
  auto impl = std::make_unique<Impl>();
  const int port = free_port();
  if (port <= 0) return std::nullopt;
  // The driver's own chatter stays out of the test's output.
  const std::string port_arg = "--port=" + std::to_string(port);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> argv{const_cast<char*>(driver.c_str()), const_cast<char*>(port_arg.c_str()),
                          nullptr};
  const int spawned =
      ::posix_spawn(&impl->driver, driver.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    impl->driver = -1;
    return std::nullopt;
  }
  impl->http = std::make_unique<httplib::Client>("127.0.0.1", port);
  impl->http->set_connection_timeout(1);
  impl->http->set_read_timeout(60);
  bool ready = false;
  for (int i = 0; i < 200 && !ready; ++i) {  // up to 10 s for the driver to listen
    if (auto r = impl->http->Get("/status"); r && r->status == 200) {
      ready = nlohmann::json::parse(r->body, nullptr, false)
                  .value("value", nlohmann::json{})
                  .value("ready", false);
    }
    if (!ready) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (!ready) return std::nullopt;
  Browser browser(std::move(impl));
  const nlohmann::json caps = {
      {"capabilities",
       {{"alwaysMatch",
         {{"browserName", "chrome"},
          {"goog:chromeOptions",
           {{"binary", chromium},
            {"args",
             {"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1000,1200", "--allow-file-access-from-files"}}}}}}}}};
  try {
    const nlohmann::json value = browser.command("POST", "/session", caps);
    browser.impl_->session = value.at("sessionId").get<std::string>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return browser;
}

Browser::Browser(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Browser::Browser(Browser&&) noexcept = default;
Browser& Browser::operator=(Browser&&) noexcept = default;
Browser::~Browser() = default;

nlohmann::json Browser::command(const std::string& method, const std::string& path,
                                const nlohmann::json& body) {
  const std::string full = path == "/session" ? path : "/session/" + impl_->session + path;
  httplib::Result r =
      method == "GET" ? impl_->http->Get(full)
      : method == "DELETE"
          ? impl_->http->Delete(full)
          : impl_->http->Post(full, body.is_null() ? "{}" : body.dump(), "application/json");
  if (!r) throw WebDriverError(method + " " + path + ": no answer from chromedriver");
  const nlohmann::json reply = nlohmann::json::parse(r->body, nullptr, false);
  if (reply.is_discarded()) {
    throw WebDriverError(method + " " + path + ": HTTP " + std::to_string(r->status));
  }
  const nlohmann::json value = reply.value("value", nlohmann::json{});
  if (r->status != 200) {
    std::string what = method + " " + path + ": HTTP " + std::to_string(r->status);
    if (value.is_object()) {
      what += ": " + value.value("error", std::string()) + ": " +
              value.value("message", std::string()).substr(0, 300);
    }
    throw WebDriverError(what);
  }
  return value;
}

void Browser::navigate(const std::string& url) {
  command("POST", "/url", {{"url", url}});
}

std::string Browser::url() {
  return command("GET", "/url").get<std::string>();
}

std::string Browser::title() {
  return command("GET", "/title").get<std::string>();
}

Element Browser::find(const std::string& css) {
  const nlohmann::json v = command("POST", "/element", {{"using", "css selector"}, {"value", css}});
  return {v.at(kElementKey).get<std::string>()};
}

std::vector<Element> Browser::find_all(const std::string& css) {
  std::vector<Element> out;
  for (const auto& v : command("POST", "/elements", {{"using", "css selector"}, {"value", css}})) {
    out.push_back({v.at(kElementKey).get<std::string>()});
  }
  return out;
}

std::vector<Element> Browser::find_all(const Element& parent, const std::string& css) {
  std::vector<Element> out;
  for (const auto& v : command("POST", "/element/" + parent.id + "/elements",
                               {{"using", "css selector"}, {"value", css}})) {
    out.push_back({v.at(kElementKey).get<std::string>()});
  }
  return out;
}

void Browser::click(const Element& e) {
  command("POST", "/element/" + e.id + "/click");
}

std::string Browser::text(const Element& e) {
  return command("GET", "/element/" + e.id + "/text").get<std::string>();
}

std::optional<std::string> Browser::attribute(const Element& e, const std::string& name) {
  const nlohmann::json v = command("GET", "/element/" + e.id + "/attribute/" + name);
  if (v.is_null()) return std::nullopt;
  return v.is_string() ? v.get<std::string>() : v.dump();
}

bool Browser::displayed(const Element& e) {
  return command("GET", "/element/" + e.id + "/displayed").get<bool>();
}

void Browser::send_keys(const Element& e, const std::string& keys) {
  command("POST", "/element/" + e.id + "/value", {{"text", keys}});
}

void Browser::press_key(const std::string& key) {
  command("POST", "/actions",
          {{"actions",
            {{{"type", "key"},
              {"id", "keyboard"},
              {"actions",
               {{{"type", "keyDown"}, {"value", key}}, {{"type", "keyUp"}, {"value", key}}}}}}}});
}

nlohmann::json Browser::execute(const std::string& script, const nlohmann::json& args) {
  return command("POST", "/execute/sync", {{"script", script}, {"args", args}});
}

nlohmann::json Browser::element_arg(const Element& e) {
  return {{kElementKey, e.id}};
}

std::string Browser::screenshot() {
  const std::string b64 = command("GET", "/screenshot").get<std::string>();
  // Standard base64 without line breaks, as the spec sends it.
  std::string out;
  int bits = 0, acc = 0;
  for (char ch : b64) {
    int v;
    if (ch >= 'A' && ch <= 'Z')
      v = ch - 'A';
    else if (ch >= 'a' && ch <= 'z')
      v = ch - 'a' + 26;
    else if (ch >= '0' && ch <= '9')
      v = ch - '0' + 52;
    else if (ch == '+')
      v = 62;
    else if (ch == '/')
      v = 63;
    else
      continue;  // '=' padding
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFF);
    }
  }
  return out;
}

}  // namespace sudoforge::test
