// The installed tree, used as another project would: `cmake --install` into a scratch
// prefix, the example consumer (examples/consumer) built with find_package and with
// pkg-config against it, the man page rendered, the bash completion asked. Each test
// process installs once into its own prefix.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "../cli/run_cli.h"

namespace sudoforge {
namespace {

namespace fs = std::filesystem;
using testing::CliResult;
using testing::run_shell;
using testing::scratch_dir;

std::string in_quotes(const fs::path& p) {
  return "'" + p.string() + "'";
}

// The prefix of this process's install; the install must succeed.
const fs::path& prefix() {
  static const fs::path dir = [] {
    const fs::path p = scratch_dir() / "prefix";
    const CliResult r = run_shell(std::string(SUDOFORGE_CMAKE) + " --install " +
                                  in_quotes(SUDOFORGE_BUILD_DIR) + " --prefix " + in_quotes(p));
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    return p;
  }();
  return dir;
}

fs::path libdir() {
  return prefix() / SUDOFORGE_LIBDIR;
}

// A run that must succeed; returns its stdout.
std::string ok(const std::string& command) {
  const CliResult r = run_shell(command);
  EXPECT_EQ(r.exit_code, 0) << command << "\n" << r.out << r.err;
  return r.out;
}

// The commands `sudoforge --help` lists (its "commands:" paragraph).
std::vector<std::string> commands() {
  const std::string help = ok(in_quotes(prefix() / "bin/sudoforge") + " --help");
  const std::size_t from = help.find("commands:\n");
  const std::string list = help.substr(from, help.find("\n\n", from) - from);
  std::vector<std::string> names;
  const std::regex entry("\n  ([a-z]+) ");
  for (std::sregex_iterator it(list.begin(), list.end(), entry), end; it != end; ++it) {
    names.push_back((*it)[1]);
  }
  return names;
}

// What the example consumer prints: the version, a count of 1 and a grade line.
void expect_consumer_output(const std::string& out) {
  EXPECT_NE(out.find(std::string("sudoforge ") + SUDOFORGE_PROJECT_VERSION + "\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("solutions: 1\n"), std::string::npos) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("generated: [1-9.]{81}\n"))) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("grade: ER [0-9.]+, EP [0-9.]+, ED [0-9.]+, "
                                                "(easy|medium|hard|expert|diabolical|extreme)")))
      << out;
}

TEST(Install, BinaryLibrariesAndPackageFiles) {
  EXPECT_EQ(ok(in_quotes(prefix() / "bin/sudoforge") + " --version"),
            std::string("sudoforge ") + SUDOFORGE_PROJECT_VERSION + "\n");
  const std::string so = std::string("libsudoforge.so.") + SUDOFORGE_PROJECT_VERSION;
  EXPECT_TRUE(fs::exists(libdir() / so)) << so;
  EXPECT_TRUE(fs::exists(libdir() / "libsudoforge.so"));
  EXPECT_NE(ok("readelf -d " + in_quotes(libdir() / so)).find("SONAME"), std::string::npos);
  EXPECT_NE(ok("readelf -d " + in_quotes(libdir() / so)).find("[libsudoforge.so.1]"),
            std::string::npos);
  for (const char* component :
       {"core", "solver", "generator", "grader", "db", "workflow", "book"}) {
    EXPECT_TRUE(fs::exists(libdir() / (std::string("libsudoforge_") + component + ".a")))
        << component;
  }
  for (const char* file :
       {"cmake/sudoforge/sudoforgeConfig.cmake", "cmake/sudoforge/sudoforgeConfigVersion.cmake",
        "cmake/sudoforge/sudoforgeTargets.cmake", "pkgconfig/sudoforge.pc"}) {
    EXPECT_TRUE(fs::exists(libdir() / file)) << file;
  }
}

// `sudoforge serve` runs the installed sudoforge-serve (next to sudoforge); sudoforge
// itself does not load the HTTP layer or libssl, which only the server needs.
TEST(Install, ServeRunsTheInstalledServerAndOnlyItLinksHttp) {
  const std::string help = ok(in_quotes(prefix() / "bin/sudoforge") + " serve --help");
  EXPECT_NE(help.find("usage: sudoforge serve"), std::string::npos) << help;
  const std::string cli = ok("readelf -d " + in_quotes(prefix() / "bin/sudoforge"));
  const std::string server = ok("readelf -d " + in_quotes(prefix() / "bin/sudoforge-serve"));
  for (const char* lib : {"libcpp-httplib", "libssl", "libcrypto"}) {
    EXPECT_EQ(cli.find(lib), std::string::npos) << lib << "\n" << cli;
  }
  EXPECT_NE(server.find("libcpp-httplib"), std::string::npos) << server;
}

// Every quoted include of an installed header is itself installed: nothing from src/ or
// internal/ leaks into the public interface.
TEST(Install, HeadersIncludeOnlyInstalledHeaders) {
  const fs::path include = prefix() / "include";
  const std::regex quoted_include("#include \"([^\"]+)\"");
  int headers = 0;
  for (const auto& entry : fs::recursive_directory_iterator(include)) {
    if (!entry.is_regular_file()) continue;
    ++headers;
    const std::string text = testing::slurp(entry.path().string());
    for (std::sregex_iterator it(text.begin(), text.end(), quoted_include), end; it != end; ++it) {
      const std::string included = (*it)[1];
      EXPECT_TRUE(fs::exists(include / included)) << entry.path() << " includes " << included;
      EXPECT_EQ(included.find("internal"), std::string::npos) << entry.path();
    }
  }
  EXPECT_GT(headers, 30);
  EXPECT_TRUE(fs::exists(include / "sudoforge/core/version.h"));
  EXPECT_FALSE(fs::exists(include / "sudoforge/bench"));
}

// examples/consumer configured with find_package(sudoforge 1.0) against the prefix.
TEST(Install, CMakePackageBuildsTheExample) {
  const fs::path build = scratch_dir() / "consumer-cmake";
  const std::string launcher = SUDOFORGE_CXX_LAUNCHER;
  ok(std::string(SUDOFORGE_CMAKE) + " -S " +
     in_quotes(fs::path(SUDOFORGE_SOURCE_DIR) / "examples/consumer") + " -B " + in_quotes(build) +
     " -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=" + in_quotes(prefix()) +
     " -DCMAKE_CXX_COMPILER=" + in_quotes(SUDOFORGE_CXX) +
     (launcher.empty() ? "" : " -DCMAKE_CXX_COMPILER_LAUNCHER=" + in_quotes(launcher)));
  ok(std::string(SUDOFORGE_CMAKE) + " --build " + in_quotes(build));
  const fs::path exe = build / "consumer";
  // Linked against the shared library of the prefix (found through the build RPATH).
  EXPECT_NE(ok("ldd " + in_quotes(exe)).find((libdir() / "libsudoforge.so.1").string()),
            std::string::npos);
  expect_consumer_output(ok(in_quotes(exe)));
}

// A major version the package does not have is refused (SameMajorVersion).
TEST(Install, CMakePackageRefusesAnotherMajorVersion) {
  const fs::path dir = scratch_dir() / "consumer-v2";
  fs::create_directories(dir);
  std::ofstream(dir / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.25)\n"
                                           "project(v2 LANGUAGES CXX)\n"
                                           "find_package(sudoforge 2.0 REQUIRED)\n";
  const CliResult r =
      run_shell(std::string(SUDOFORGE_CMAKE) + " -S " + in_quotes(dir) + " -B " +
                in_quotes(dir / "build") + " -DCMAKE_PREFIX_PATH=" + in_quotes(prefix()));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find(SUDOFORGE_PROJECT_VERSION), std::string::npos) << r.out << r.err;
}

// The example's main.cpp compiled with `pkg-config --cflags --libs sudoforge` and run on
// the shared library of the prefix.
TEST(Install, PkgConfigBuildsTheExample) {
  const std::string pc = "PKG_CONFIG_PATH=" + in_quotes(libdir() / "pkgconfig") + " ";
  EXPECT_EQ(ok(pc + "pkg-config --modversion sudoforge"),
            std::string(SUDOFORGE_PROJECT_VERSION) + "\n");
  const fs::path exe = scratch_dir() / "consumer-pkgconfig";
  ok(std::string(SUDOFORGE_CXX) + " -std=c++20 -O1 " +
     in_quotes(fs::path(SUDOFORGE_SOURCE_DIR) / "examples/consumer/main.cpp") + " -o " +
     in_quotes(exe) + " $(" + pc + "pkg-config --cflags --libs sudoforge)");
  expect_consumer_output(ok("LD_LIBRARY_PATH=" + in_quotes(libdir()) + " " + in_quotes(exe)));
}

// A C program (examples/c) compiled as C99 against the installed sudoforge.h and the
// shared library found by pkg-config: the C API is in the same library as the C++ one.
TEST(Install, PkgConfigBuildsTheCExample) {
  ASSERT_TRUE(fs::exists(prefix() / "include/sudoforge.h"));
  const std::string pc = "PKG_CONFIG_PATH=" + in_quotes(libdir() / "pkgconfig") + " ";
  const fs::path exe = scratch_dir() / "consumer-c";
  ok("cc -std=c99 -Wall -Wextra -pedantic -Werror " +
     in_quotes(fs::path(SUDOFORGE_SOURCE_DIR) / "examples/c/generate.c") + " -o " +
     in_quotes(exe) + " $(" + pc + "pkg-config --cflags --libs sudoforge)");
  const std::string out = ok("LD_LIBRARY_PATH=" + in_quotes(libdir()) + " " + in_quotes(exe));
  EXPECT_TRUE(std::regex_search(
      out, std::regex("^([1-9.]{81} [0-9]+\\.[0-9] hard\n){3}solutions: 1\n$")))
      << out;
}

// The man page renders and has a section for every command, with its options.
TEST(Install, ManPageNamesEveryCommand) {
  const fs::path page = prefix() / "share/man/man1/sudoforge.1";
  ASSERT_TRUE(fs::exists(page));
  const std::string shown = ok("MANWIDTH=100 man -l " + in_quotes(page) + " 2>/dev/null");
  EXPECT_NE(shown.find(SUDOFORGE_PROJECT_VERSION), std::string::npos);
  const std::vector<std::string> names = commands();
  EXPECT_GE(names.size(), 9u);
  for (const std::string& name : names) {
    EXPECT_NE(shown.find("sudoforge " + name + "\n"), std::string::npos) << name;
  }
  EXPECT_NE(shown.find("sudoforge db query\n"), std::string::npos);
  EXPECT_NE(shown.find("--level"), std::string::npos);
  EXPECT_NE(shown.find("NO_COLOR"), std::string::npos);
}

// What the completion function offers for the words typed so far (the last one is being
// completed).
std::set<std::string> complete(const std::string& words) {
  const fs::path script = prefix() / "share/bash-completion/completions/sudoforge";
  const std::string out = ok("bash -c 'source " + script.string() + "; COMP_WORDS=(" + words +
                             "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _sudoforge; printf "
                             "\"%s\\n\" \"${COMPREPLY[@]}\"'");
  std::set<std::string> offered;
  for (const std::string& line : testing::lines_of(out)) {
    if (!line.empty()) offered.insert(line);
  }
  return offered;
}

TEST(Install, BashCompletionOffersCommandsAndOptions) {
  using Set = std::set<std::string>;
  EXPECT_EQ(complete("sudoforge gen"), Set{"generate"});
  EXPECT_EQ(complete("sudoforge generate --le"), Set{"--level"});
  EXPECT_EQ(complete("sudoforge db qu"), Set{"query"});
  EXPECT_EQ(complete("sudoforge db query --lim"), Set{"--limit"});
  EXPECT_EQ(complete("sudoforge grade --ex"), Set{"--explain"});
  const Set all = complete("sudoforge \"\"");
  for (const std::string& name : commands()) EXPECT_EQ(all.count(name), 1u) << name;
  // Not an option: left to file name completion.
  EXPECT_TRUE(complete("sudoforge grade puz").empty());
}

// The scratch prefixes go with the process.
class RemoveScratch : public ::testing::Environment {
 public:
  void TearDown() override { fs::remove_all(scratch_dir()); }
};
const auto* const kRemoveScratch = ::testing::AddGlobalTestEnvironment(new RemoveScratch);

}  // namespace
}  // namespace sudoforge
