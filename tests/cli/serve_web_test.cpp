// The web page of `sudoforge serve` (web/) in a real headless chromium, against the built
// binary serving a catalogue imported from tests/data: the list and its filters, a puzzle's
// grid, playing and checking against the API's solution, pencil marks and undo, the
// explanation's steps, and the print view of six. Skips when chromium or chromedriver is
// absent. Screenshots are left in the scratch folder for a look.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "run_cli.h"
#include "serve_process.h"
#include "webdriver.h"

namespace sudoforge::testing {
namespace {

using nlohmann::json;
using test::Browser;

json get_json(const ServeProcess& server, const std::string& path) {
  auto c = server.client();
  auto res = c.Get(path);
  if (!res || res->status != 200) throw std::runtime_error("GET " + path + " failed");
  return json::parse(res->body);
}

// Polls `script` (returning a boolean) until it is true; the page loads data with fetch.
bool wait_for(Browser& b, const std::string& script) {
  for (int i = 0; i < 200; ++i) {
    if (b.execute(script) == json(true)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::vector<std::int64_t> listed_ids(Browser& b) {
  return b
      .execute(
          "return [...document.querySelectorAll('#puzzles tbody tr')]"
          ".map(r => Number(r.dataset.id));")
      .get<std::vector<std::int64_t>>();
}

std::vector<std::int64_t> ids_of(const json& page) {
  std::vector<std::int64_t> ids;
  for (const json& p : page["puzzles"]) ids.push_back(p["id"].get<std::int64_t>());
  return ids;
}

void save_png(const std::string& png, const std::string& name) {
  std::ofstream(scratch_dir() / name, std::ios::binary) << png;
}

class ServeWebTest : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = Browser::start();
    if (!browser_) GTEST_SKIP() << Browser::unavailable_reason();
    const auto dir = scratch_dir() / "serve_web";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db_ = (dir / "catalogue.db").string();
    const CliResult imported = run_cli("db import --db " + db_ + " " +
                                       std::string(SUDOFORGE_TEST_DATA) + "/grade_sample.txt");
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
  }
  std::optional<Browser> browser_;
  std::string db_;
};

TEST_F(ServeWebTest, BrowseFilterPlayCheckExplainAndPrint) {
  ServeProcess server("--db " + db_ + " --quiet");
  ASSERT_GT(server.port(), 0) << server.log();
  Browser& b = *browser_;
  b.navigate("http://127.0.0.1:" + std::to_string(server.port()) + "/");
  EXPECT_EQ(b.title(), "sudoforge");

  // The first page lists the catalogue's first puzzles in id order.
  const json all = get_json(server, "/v1/puzzles?limit=20");
  ASSERT_TRUE(wait_for(b, "return document.querySelectorAll('#puzzles tbody tr').length > 0;"));
  EXPECT_EQ(listed_ids(b), ids_of(all));

  // Filter by the level of the first puzzle: the list becomes the API's answer, and every
  // row shows that level.
  const std::string level = all["puzzles"][0]["level"];
  b.execute("document.querySelector('#f-level').value = arguments[0];", json::array({level}));
  b.click(b.find("#apply"));
  const json by_level = get_json(server, "/v1/puzzles?limit=20&level=" + level);
  ASSERT_NE(ids_of(by_level), ids_of(all)) << "pick a level that changes the list";
  ASSERT_TRUE(wait_for(b, "return document.querySelectorAll('#puzzles tbody tr').length == " +
                              std::to_string(by_level["puzzles"].size()) + ";"));
  EXPECT_EQ(listed_ids(b), ids_of(by_level));
  for (const test::Element& cell : b.find_all("#puzzles tbody td.level"))
    EXPECT_EQ(b.text(cell), level);

  // A rating range instead: every shown rating lies in it.
  b.execute("document.querySelector('#f-level').value = '';");
  b.send_keys(b.find("#f-min"), "2");
  b.send_keys(b.find("#f-max"), "4.5");
  b.click(b.find("#apply"));
  const json by_rating = get_json(server, "/v1/puzzles?limit=20&min_rating=2&max_rating=4.5");
  ASSERT_FALSE(by_rating["puzzles"].empty());
  ASSERT_TRUE(wait_for(b, "return document.querySelectorAll('#puzzles tbody tr').length == " +
                              std::to_string(by_rating["puzzles"].size()) + ";"));
  EXPECT_EQ(listed_ids(b), ids_of(by_rating));
  for (const test::Element& cell : b.find_all("#puzzles tbody td.rating")) {
    const double r = std::stod(b.text(cell));
    EXPECT_GE(r, 2.0);
    EXPECT_LE(r, 4.5);
  }
  save_png(b.screenshot(), "web-list.png");

  // Open the first: the grid shows the givens of the API's puzzle, bold ("given").
  b.click(b.find("#puzzles tbody button.open"));
  const std::int64_t id = by_rating["puzzles"][0]["id"];
  const json puzzle = get_json(server, "/v1/puzzles/" + std::to_string(id) + "?solution=true");
  const std::string givens = puzzle["puzzle"], solution = puzzle["solution"];
  ASSERT_TRUE(wait_for(b, "return document.querySelectorAll('#board .cell').length == 81;"));
  const json shown = b.execute(
      "return [...document.querySelectorAll('#board .cell')]"
      ".map(e => [e.textContent, e.classList.contains('given')]);");
  ASSERT_EQ(shown.size(), 81u);
  for (int i = 0; i < 81; ++i) {
    const bool given = givens[i] != '.';
    EXPECT_EQ(shown[i][0], given ? std::string(1, givens[i]) : "") << "cell " << i;
    EXPECT_EQ(shown[i][1], given) << "cell " << i;
  }

  // A wrong digit in an empty cell is marked wrong by Check; the right one, right.
  const int empty = static_cast<int>(givens.find('.'));
  const std::string cell_css = "#board .cell[data-cell='" + std::to_string(empty) + "']";
  const char right = solution[empty];
  const std::string wrong(1, right == '9' ? '1' : static_cast<char>(right + 1));
  b.click(b.find(cell_css));
  b.press_key(wrong);
  EXPECT_EQ(b.text(b.find(cell_css)), wrong);
  b.click(b.find("#check"));
  ASSERT_TRUE(wait_for(
      b, "return document.querySelector(\"" + cell_css + "\").classList.contains('wrong');"));
  EXPECT_EQ(b.text(b.find("#play-status")), "1 cell is wrong.");
  b.click(b.find(cell_css));
  b.press_key(std::string(1, right));
  b.click(b.find("#check"));
  ASSERT_TRUE(wait_for(
      b, "return document.querySelector(\"" + cell_css + "\").classList.contains('right');"));
  EXPECT_NE(b.text(b.find("#play-status")).find("No mistakes"), std::string::npos);

  // Pencil mode writes candidates; Undo takes the last entry back.
  const int next_empty = static_cast<int>(givens.find('.', empty + 1));
  const std::string pencil_css = "#board .cell[data-cell='" + std::to_string(next_empty) + "']";
  b.click(b.find("#pencil"));
  EXPECT_EQ(b.attribute(b.find("#pencil"), "aria-pressed").value_or(""), "true");
  b.click(b.find(pencil_css));
  b.press_key("3");
  b.press_key("7");
  EXPECT_EQ(b.find_all(pencil_css + " .cands span:not(:empty)").size(), 2u);
  EXPECT_EQ(b.text(b.find(pencil_css + " .cands span[data-digit='7']")), "7");
  b.click(b.find("#undo"));
  EXPECT_EQ(b.find_all(pencil_css + " .cands span:not(:empty)").size(), 1u);
  b.click(b.find("#pencil"));

  // The explanation: the API's steps, one at a time, with the step's cells highlighted.
  auto c = server.client();
  auto graded =
      c.Post("/v1/grade", json{{"puzzle", givens}, {"steps", true}}.dump(), "application/json");
  ASSERT_TRUE(graded);
  const json steps = json::parse(graded->body)["steps"];
  ASSERT_GT(steps.size(), 2u);
  b.click(b.find("#explain"));
  ASSERT_TRUE(wait_for(b, "return !document.querySelector('#steps').hidden;"));
  EXPECT_EQ(b.text(b.find("#step-sentence")), steps[0]["explanation"]);
  b.click(b.find("#step-next"));
  EXPECT_EQ(b.text(b.find("#step-sentence")), steps[1]["explanation"]);
  EXPECT_EQ(b.text(b.find("#step-counter")), "Step 2 of " + std::to_string(steps.size()));
  std::set<int> marked, expected;
  for (const test::Element& e : b.find_all("#board .cell.pattern, #board .cell.place"))
    marked.insert(std::stoi(*b.attribute(e, "data-cell")));
  for (const json& cell : steps[1]["cells"]) expected.insert(cell.get<int>());
  for (const json& p : steps[1]["placements"]) expected.insert(p[0].get<int>());
  EXPECT_EQ(marked, expected);
  save_png(b.screenshot(), "web-puzzle.png");

  // Back to the list, then the print view of the page's first six.
  b.click(b.find("#back"));
  ASSERT_TRUE(wait_for(b, "return !document.querySelector('#list-view').hidden;"));
  b.click(b.find("#print-six"));
  ASSERT_TRUE(
      wait_for(b, "return document.querySelectorAll('#print-sheet figure').length == " +
                      std::to_string(std::min<std::size_t>(6, by_rating["puzzles"].size())) + ";"));
  EXPECT_TRUE(b.displayed(b.find("#print-view")));
  EXPECT_FALSE(b.displayed(b.find("#list-view")));
  save_png(b.screenshot(), "web-print.png");
}

// A server whose reads need the token (--token-for-reads): the page loads, asks for the
// token, lists the catalogue once it is given, and keeps it in sessionStorage, so a reload
// lists at once.
TEST_F(ServeWebTest, AsksForTheTokenWhenReadsNeedOne) {
  const std::string token = "web-test-token-0123456789";
  const std::string token_file = (scratch_dir() / "serve_web" / "token").string();
  std::ofstream(token_file) << token << '\n';
  ServeProcess server("--db " + db_ + " --quiet --token-file " + token_file + " --token-for-reads");
  ASSERT_GT(server.port(), 0) << server.log();
  Browser& b = *browser_;
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/";
  b.navigate(url);
  EXPECT_EQ(b.title(), "sudoforge");
  ASSERT_TRUE(wait_for(b, "return !document.querySelector('#token-form').hidden;"));
  EXPECT_EQ(b.find_all("#puzzles tbody tr").size(), 0u);
  save_png(b.screenshot(), "web-token.png");

  b.send_keys(b.find("#token"), token);
  b.click(b.find("#token-save"));
  ASSERT_TRUE(wait_for(b, "return document.querySelectorAll('#puzzles tbody tr').length > 0;"));
  EXPECT_EQ(b.execute("return sessionStorage.getItem('sudoforge-token');"), json(token));

  b.navigate(url);
  ASSERT_TRUE(wait_for(b, "return document.querySelectorAll('#puzzles tbody tr').length > 0;"));
  // A wrong token is refused and the list stays empty.
  b.execute("sessionStorage.clear();");
  b.navigate(url);
  ASSERT_TRUE(wait_for(b, "return !document.querySelector('#token-form').hidden;"));
  b.send_keys(b.find("#token"), "not-the-token-0123456789");
  b.click(b.find("#token-save"));
  ASSERT_TRUE(
      wait_for(b, "return /token/.test(document.querySelector('#list-status').textContent);"));
  EXPECT_EQ(b.find_all("#puzzles tbody tr").size(), 0u);
}

}  // namespace
}  // namespace sudoforge::testing
