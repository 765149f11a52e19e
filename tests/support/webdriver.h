#pragma once
// A small W3C WebDriver client for tests that load a page in a real headless browser
// (Debian's chromium driven by chromedriver), on cpp-httplib and nlohmann_json.
//
//   auto browser = sudoforge::test::Browser::start();     // nullopt + reason when absent
//   if (!browser) GTEST_SKIP() << sudoforge::test::Browser::unavailable_reason();
//   browser->navigate("file:///tmp/page.html");            // or http://127.0.0.1:PORT/
//   auto next = browser->find("#next");                    // CSS selector
//   browser->click(next);
//   std::string text = browser->text(browser->find("p.sentence"));
//   browser->press_key(sudoforge::test::Key::kArrowRight);
//   nlohmann::json v = browser->execute("return document.title;");
//   std::string png = browser->screenshot();               // PNG bytes
//
// Browser::start() runs chromedriver on a free local port (a child process, ended with
// the Browser) and opens one headless session (--headless=new, --no-sandbox: tests may
// run as root or in containers; --disable-dev-shm-usage for small /dev/shm). Every
// failed command throws WebDriverError with the driver's message. Not thread-safe: one
// Browser per test (or per test suite, to save the ~1 s start-up).
//
// The binaries are found on PATH, or through SUDOFORGE_CHROMIUM and SUDOFORGE_CHROMEDRIVER
// when set.
#include <sys/types.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sudoforge::test {

class WebDriverError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An element reference of the current session (valid until the page changes).
struct Element {
  std::string id;
};

// WebDriver key codes (the "Keys" table of the W3C spec) for press_key.
namespace Key {
inline constexpr const char* kArrowLeft = "\xEE\x80\x92";   // U+E012
inline constexpr const char* kArrowRight = "\xEE\x80\x94";  // U+E014
inline constexpr const char* kEnter = "\xEE\x80\x87";       // U+E007
inline constexpr const char* kEscape = "\xEE\x80\x8C";      // U+E00C
}  // namespace Key

class Browser {
 public:
  // A running driver with a new headless session, or nullopt when chromium or
  // chromedriver is missing or will not start (unavailable_reason() says why).
  static std::optional<Browser> start();
  static std::string unavailable_reason();

  Browser(Browser&&) noexcept;
  Browser& operator=(Browser&&) noexcept;
  ~Browser();  // deletes the session and ends chromedriver

  void navigate(const std::string& url);
  std::string url();
  std::string title();

  // The first element matching the CSS selector (throws when none does).
  Element find(const std::string& css);
  // Every element matching it, in document order (possibly none).
  std::vector<Element> find_all(const std::string& css);
  // Inside `parent` only.
  std::vector<Element> find_all(const Element& parent, const std::string& css);

  void click(const Element& e);
  // The rendered text (empty for an element that is not displayed).
  std::string text(const Element& e);
  // An attribute's value; nullopt when it is absent.
  std::optional<std::string> attribute(const Element& e, const std::string& name);
  bool displayed(const Element& e);
  // Keys typed into the element (e.g. an <input>).
  void send_keys(const Element& e, const std::string& keys);
  // One key pressed and released on whatever has the focus (the page itself at load).
  void press_key(const std::string& key);

  // Runs `script` (a function body; `arguments[i]` are `args`) and returns its result.
  // Pass an Element with element_arg(e).
  nlohmann::json execute(const std::string& script,
                         const nlohmann::json& args = nlohmann::json::array());
  static nlohmann::json element_arg(const Element& e);

  // The viewport as PNG bytes.
  std::string screenshot();

 private:
  struct Impl;
  explicit Browser(std::unique_ptr<Impl> impl);
  nlohmann::json command(const std::string& method, const std::string& path,
                         const nlohmann::json& body = nullptr);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoforge::test
