// The rating loop: Sudoku Explainer's ladder, first applicable technique in SE's order.
#include "sudoforge/grader/grader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "engine.h"
#include "finder_memo.h"

namespace sudoforge::grader {

std::string_view level_name(Level level) {
  switch (level) {
    case Level::kEasy: return "easy";
    case Level::kMedium: return "medium";
    case Level::kHard: return "hard";
    case Level::kExpert: return "expert";
    case Level::kDiabolical: return "diabolical";
    case Level::kExtreme: return "extreme";
  }
  return "extreme";
}

std::optional<Level> parse_level(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (Level l : {Level::kEasy, Level::kMedium, Level::kHard, Level::kExpert,
                  Level::kDiabolical, Level::kExtreme}) {
    if (level_name(l) == s) return l;
  }
  return std::nullopt;
}

Level level_for(double er) {
  const long t = std::lround(er * 10);
  if (t <= 15) return Level::kEasy;
  if (t <= 28) return Level::kMedium;
  if (t <= 44) return Level::kHard;
  if (t <= 62) return Level::kExpert;
  if (t <= 89) return Level::kDiabolical;
  return Level::kExtreme;
}

std::pair<double, double> level_range(Level level) {
  switch (level) {
    case Level::kEasy: return {0.0, 1.5};
    case Level::kMedium: return {1.5, 2.8};
    case Level::kHard: return {2.8, 4.4};
    case Level::kExpert: return {4.4, 6.2};
    case Level::kDiabolical: return {6.2, 8.9};
    case Level::kExtreme: return {8.9, 20.0};
  }
  return {8.9, 20.0};
}

struct Grader::Impl {
  detail::ChainEngine chains;
  detail::FinderMemo memo;
};

Grader::Grader(GradeOptions options) : impl_(new Impl), options_(options) {}
Grader::~Grader() { delete impl_; }
Grader::Grader(Grader&& other) noexcept : impl_(other.impl_), options_(other.options_) {
  other.impl_ = nullptr;
}
Grader& Grader::operator=(Grader&& other) noexcept {
  if (this != &other) {
    delete impl_;
    impl_ = other.impl_;
    options_ = other.options_;
    other.impl_ = nullptr;
  }
  return *this;
}

namespace {

using detail::Ctx;
using detail::Hint;

bool next_hint(const Ctx& ctx, detail::ChainEngine& chains, const GradeOptions& opt,
               Hint& h) {
  using namespace detail;
  if (find_hidden_single(ctx, h) || find_direct_locking(ctx, h) ||
      find_direct_hidden_set(ctx, 2, h) || find_naked_single(ctx, h) ||
      find_direct_hidden_set(ctx, 3, h) || find_locking(ctx, h) || find_naked_set(ctx, 2, h) ||
      find_fish(ctx, 2, h) || find_hidden_set(ctx, 2, h) || find_naked_set(ctx, 3, h) ||
      find_fish(ctx, 3, h) || find_hidden_set(ctx, 3, h) || find_xy_wing(ctx, false, h) ||
      find_xy_wing(ctx, true, h) || find_unique_loop(ctx, h) || find_naked_set(ctx, 4, h) ||
      find_fish(ctx, 4, h) || find_hidden_set(ctx, 4, h) || find_bug(ctx, h) ||
      find_aligned_pair_exclusion(ctx, h)) {
    return true;
  }
  if (opt.max_chain_level >= 1 && chains.find_forcing_chains(ctx, h)) return true;
  // SE tries aligned triplet exclusion (7.5) just before the Nishio chains (7.5 and up).
  if (opt.max_chain_level >= 2 && find_aligned_triplet_exclusion(ctx, h)) return true;
  if (opt.max_chain_level >= 2 && chains.find_advanced_chains(ctx, opt.max_chain_level, h)) {
    return true;
  }
  return false;
}

}  // namespace

Rating Grader::rate(const Grid& puzzle, bool keep_steps) {
  if (!impl_) throw std::logic_error("grader: use of a moved-from Grader");
  detail::CandidateGrid g(puzzle);
  impl_->memo.reset(g);
  Ctx ctx{g, keep_steps, &impl_->memo};
  Rating r;
  int er = 0, ep = -1, ed = -1;
  Hint h;
  while (!g.solved()) {
    if (options_.max_steps > 0 && r.step_count >= options_.max_steps) {
      r.complete = false;
      break;
    }
    h.placements.clear();
    h.eliminations.clear();
    h.cells.clear();
    h.explanation.clear();
    if (!next_hint(ctx, impl_->chains, options_, h)) {
      r.complete = false;
      break;
    }
    bool sound = true;
    for (auto [c, d] : h.eliminations) g.eliminate(c, d);
    for (auto [c, d] : h.placements) {
      if (g.value(c) != 0 || !g.has(c, d)) {
        sound = false;
        break;
      }
      g.place(c, d);
    }
    ++r.step_count;
    if (h.rating > er) {
      er = h.rating;
      r.hardest = h.technique;
    }
    if (ed < 0) ed = h.rating;
    if (ep < 0 && !h.placements.empty()) ep = er;
    if (std::find(r.techniques.begin(), r.techniques.end(), h.technique) == r.techniques.end()) {
      r.techniques.emplace_back(h.technique);
    }
    if (keep_steps) {
      Step s;
      s.technique = h.technique;
      s.rating = h.rating / 10.0;
      s.placements = h.placements;
      s.eliminations = h.eliminations;
      s.cells = h.cells;
      s.explanation = h.explanation;
      r.steps.push_back(std::move(s));
    }
    if (!sound || g.dead_cell() >= 0) {  // a contradiction: not a unique puzzle
      r.complete = false;
      break;
    }
  }
  r.er = er / 10.0;
  r.ep = (ep < 0 ? er : ep) / 10.0;
  r.ed = (ed < 0 ? 0 : ed) / 10.0;
  r.level = level_for(r.er);
  return r;
}

}  // namespace sudoforge::grader
