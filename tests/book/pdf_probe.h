// Looking into a PDF the way a reader would, with poppler's command-line tools (pdfinfo,
// pdftotext): tests that need them skip when have_poppler() is false.
#pragma once

#include <cstdio>
#include <string>

namespace sudoforge::test {

// What a shell command writes to stdout ("" when it cannot run).
inline std::string shell_output(const std::string& cmd) {
  std::string out;
  if (FILE* f = ::popen(cmd.c_str(), "r")) {
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
    ::pclose(f);
  }
  return out;
}

inline bool have_poppler() {
  return !shell_output("command -v pdfinfo && command -v pdftotext").empty();
}

// The page count pdfinfo reports, or -1.
inline int pdf_pages(const std::string& path) {
  const std::string info = shell_output("pdfinfo '" + path + "' 2>/dev/null");
  const auto at = info.find("Pages:");
  return at == std::string::npos ? -1 : std::stoi(info.substr(at + 6));
}

// The text of pages first..last (1-based; 0, 0: every page).
inline std::string pdf_text(const std::string& path, int first = 0, int last = 0) {
  const std::string range =
      first > 0 ? "-f " + std::to_string(first) + " -l " + std::to_string(last) + " " : "";
  return shell_output("pdftotext " + range + "'" + path + "' -");
}

}  // namespace sudoforge::test
