// grader_bench: rate puzzle files and compare with Sudoku Explainer's ratings.
//
//   grader_bench FILE... [--limit N] [--show K] [--chain-depth D] [--dump OUT]
//
// --dump writes one line per puzzle ("PUZZLE ER complete wall-ms cpu-ms") to compare
// two versions.
// Speed is given in wall-clock and in process CPU time (the machine is shared).
// Each line: an 81-character puzzle, optionally followed by its SE rating (SER). Prints
// puzzles/s, the slowest puzzle, and when SERs are present: share of ER == SER (to 0.1),
// mean absolute difference, Spearman rank correlation overall and for SER >= 6.5, and a
// level-by-level confusion table (rows: level by SER, columns: level by our ER).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sudoforge/bench/harness.h"
#include "sudoforge/core/grid.h"
#include "sudoforge/grader/grader.h"

using namespace sudoforge;

namespace {

struct Entry {
  std::string text;
  Grid grid;
  double ser = -1;
};

bool parse_line(const std::string& line, Entry& e) {
  std::istringstream in(line);
  std::string p;
  if (!(in >> p) || p.size() != 81) return false;
  std::vector<std::uint8_t> cells(81);
  for (int i = 0; i < 81; ++i) {
    const char c = p[i];
    cells[i] = (c >= '1' && c <= '9') ? static_cast<std::uint8_t>(c - '0') : 0;
  }
  e.text = p;
  e.grid = Grid(Geometry(), cells);
  double ser;
  if (in >> ser) e.ser = ser;
  return true;
}

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<int> idx(v.size());
  for (size_t i = 0; i < v.size(); ++i) idx[i] = static_cast<int>(i);
  std::sort(idx.begin(), idx.end(), [&](int a, int b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (size_t i = 0; i < idx.size();) {
    size_t j = i;
    while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) ++j;
    const double avg = (i + j) / 2.0 + 1;
    for (size_t k = i; k <= j; ++k) r[idx[k]] = avg;
    i = j + 1;
  }
  return r;
}

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() < 2) return 0;
  auto ra = ranks(a), rb = ranks(b);
  double ma = 0, mb = 0;
  for (size_t i = 0; i < a.size(); ++i) ma += ra[i], mb += rb[i];
  ma /= a.size();
  mb /= a.size();
  double num = 0, da = 0, db = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    num += (ra[i] - ma) * (rb[i] - mb);
    da += (ra[i] - ma) * (ra[i] - ma);
    db += (rb[i] - mb) * (rb[i] - mb);
  }
  return (da == 0 || db == 0) ? 0 : num / std::sqrt(da * db);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  long limit = -1;
  int show = 0;
  grader::GradeOptions opt;
  std::string dump;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--limit" && i + 1 < argc) limit = std::atol(argv[++i]);
    else if (a == "--show" && i + 1 < argc) show = std::atoi(argv[++i]);
    else if (a == "--chain-depth" && i + 1 < argc) opt.max_chain_depth = std::atoi(argv[++i]);
    else if (a == "--dump" && i + 1 < argc) dump = argv[++i];
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: grader_bench FILE... [--limit N] [--show K] [--chain-depth D]\n");
    return 2;
  }
  for (const auto& file : files) {
    std::ifstream in(file);
    if (!in) {
      std::fprintf(stderr, "%s: cannot open\n", file.c_str());
      return 1;
    }
    std::vector<Entry> entries;
    std::string line;
    while (std::getline(in, line) && (limit < 0 || static_cast<long>(entries.size()) < limit)) {
      Entry e;
      if (parse_line(line, e)) entries.push_back(std::move(e));
    }
    std::vector<Grid> grids;
    grids.reserve(entries.size());
    for (const Entry& e : entries) grids.push_back(e.grid);
    const std::clock_t c0 = std::clock();
    const auto t0 = std::chrono::steady_clock::now();
    const bench::GradeRun run = bench::run_grading(grids, opt);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    const std::vector<double>& er = run.er;
    const std::vector<double>& ms = run.wall_ms;
    const std::vector<double>& cms = run.cpu_ms;
    const auto& done = run.complete;
    const int incomplete = static_cast<int>(run.incomplete);
    if (!dump.empty()) {
      std::FILE* f = std::fopen(dump.c_str(), "w");
      if (f) {
        for (size_t i = 0; i < entries.size(); ++i) {
          std::fprintf(f, "%s %.1f %d %.3f %.3f\n", entries[i].text.c_str(), er[i], done[i] ? 1 : 0, ms[i],
                       cms[i]);
        }
        std::fclose(f);
      }
    }
    const size_t slow = std::max_element(ms.begin(), ms.end()) - ms.begin();
    const size_t cslow = std::max_element(cms.begin(), cms.end()) - cms.begin();
    std::printf("== %s: %zu puzzles, %.3f s wall (%.0f puzzles/s), %.3f s CPU (%.0f puzzles/s), incomplete %d\n",
                file.c_str(), entries.size(), secs, entries.size() / secs, cpu, entries.size() / cpu,
                incomplete);
    if (!entries.empty()) {
      std::printf("slowest: %.2f ms wall  %s (ER %.1f)\n", ms[slow], entries[slow].text.c_str(), er[slow]);
      std::printf("slowest: %.2f ms CPU   %s (ER %.1f)\n", cms[cslow], entries[cslow].text.c_str(), er[cslow]);
    }
    std::vector<double> a, b, ah, bh;
    int exact = 0;
    double mad = 0;
    std::map<double, std::pair<int, int>> by_ser;  // ser -> (count, exact)
    int confusion[6][6] = {};
    std::vector<size_t> wrong;
    for (size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].ser < 0) continue;
      a.push_back(entries[i].ser);
      b.push_back(er[i]);
      if (entries[i].ser >= 6.5) {
        ah.push_back(entries[i].ser);
        bh.push_back(er[i]);
      }
      const bool ok = std::fabs(entries[i].ser - er[i]) < 0.05;
      exact += ok;
      if (!ok) wrong.push_back(i);
      mad += std::fabs(entries[i].ser - er[i]);
      auto& s = by_ser[entries[i].ser];
      ++s.first;
      s.second += ok;
      confusion[static_cast<int>(grader::level_for(entries[i].ser))]
               [static_cast<int>(grader::level_for(er[i]))]++;
    }
    if (a.empty()) continue;
    std::printf("ER == SER: %.2f%%   mean |ER-SER|: %.3f   Spearman: %.4f   Spearman (SER>=6.5, %zu): %.4f\n",
                100.0 * exact / a.size(), mad / a.size(), spearman(a, b), ah.size(), spearman(ah, bh));
    std::printf("confusion (rows SER level, columns ER level):\n%12s", "");
    for (int j = 0; j < 6; ++j) {
      std::printf("%11s", std::string(grader::level_name(static_cast<grader::Level>(j))).c_str());
    }
    std::printf("\n");
    for (int i = 0; i < 6; ++i) {
      std::printf("%12s", std::string(grader::level_name(static_cast<grader::Level>(i))).c_str());
      for (int j = 0; j < 6; ++j) std::printf("%11d", confusion[i][j]);
      std::printf("\n");
    }
    std::printf("by SER: ");
    for (auto& [s, c] : by_ser) std::printf("%.1f:%d/%d ", s, c.second, c.first);
    std::printf("\n");
    for (int k = 0; k < show && k < static_cast<int>(wrong.size()); ++k) {
      const size_t i = wrong[k];
      std::printf("  %s SER %.1f ER %.1f\n", entries[i].text.c_str(), entries[i].ser, er[i]);
    }
  }
  return 0;
}
