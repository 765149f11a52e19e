#include "sudoforge/bench/dlx.h"

#include <stdexcept>

namespace sudoforge::bench {

Dlx::Dlx(int primary_columns, int secondary_columns)
    : primary_(primary_columns), secondary_(secondary_columns) {
  if (primary_columns < 0 || secondary_columns < 0) {
    throw std::invalid_argument("Dlx: negative column count");
  }
  const int headers = 1 + primary_ + secondary_;
  left_.resize(headers);
  right_.resize(headers);
  up_.resize(headers);
  down_.resize(headers);
  column_.resize(headers);
  row_of_.assign(headers, -1);
  size_.assign(headers, 0);
  // Primary headers form the circular list through the root; secondary headers link to
  // themselves only, so the search never chooses them but covering still removes their rows.
  for (int h = 0; h < headers; ++h) {
    up_[h] = down_[h] = column_[h] = h;
    left_[h] = right_[h] = h;
  }
  for (int h = 0; h <= primary_; ++h) {
    right_[h] = (h == primary_) ? 0 : h + 1;
    left_[h] = (h == 0) ? primary_ : h - 1;
  }
}

int Dlx::add_row(std::span<const int> columns) {
  const int id = row_count();
  for (int c : columns) {
    if (c < 0 || c >= column_count()) throw std::invalid_argument("Dlx: column out of range");
  }
  if (columns.empty()) {
    row_start_.push_back(-1);
    return id;
  }
  const int first = static_cast<int>(left_.size());
  row_start_.push_back(first);
  const int n = static_cast<int>(columns.size());
  for (int k = 0; k < n; ++k) {
    const int h = columns[k] + 1;
    const int node = first + k;
    left_.push_back(k == 0 ? first + n - 1 : node - 1);
    right_.push_back(k == n - 1 ? first : node + 1);
    // Append at the bottom of the column.
    up_.push_back(up_[h]);
    down_.push_back(h);
    down_[up_[h]] = node;
    up_[h] = node;
    column_.push_back(h);
    row_of_.push_back(id);
    ++size_[h];
  }
  return id;
}

void Dlx::cover(int c) {
  right_[left_[c]] = right_[c];
  left_[right_[c]] = left_[c];
  for (int i = down_[c]; i != c; i = down_[i]) {
    for (int j = right_[i]; j != i; j = right_[j]) {
      up_[down_[j]] = up_[j];
      down_[up_[j]] = down_[j];
      --size_[column_[j]];
    }
  }
}

void Dlx::uncover(int c) {
  for (int i = up_[c]; i != c; i = up_[i]) {
    for (int j = left_[i]; j != i; j = left_[j]) {
      ++size_[column_[j]];
      up_[down_[j]] = j;
      down_[up_[j]] = j;
    }
  }
  right_[left_[c]] = c;
  left_[right_[c]] = c;
}

int Dlx::choose_column() const {
  int best = right_[0];
  int best_size = size_[best];
  for (int c = right_[best]; c != 0 && best_size > 1; c = right_[c]) {
    if (size_[c] < best_size) {
      best = c;
      best_size = size_[c];
    }
  }
  return best;
}

std::uint64_t Dlx::search(std::uint64_t limit, const Visitor& visit, SearchStats* stats) {
  if (limit == 0) return 0;
  // Each chosen row covers at least one primary column, so the depth is at most primary_.
  stack_.assign(static_cast<std::size_t>(primary_) + 1, 0);
  rows_.assign(static_cast<std::size_t>(primary_) + 1, 0);
  limit_ = limit;
  found_ = nodes_ = guesses_ = 0;
  stop_ = false;
  visit_ = &visit;
  check_.reset(limits_);
  search_from(0);
  if (stats) {
    stats->nodes += nodes_;
    stats->guesses += guesses_;
  }
  check_.raise_if_aborted(nodes_);
  return found_;
}

// Knuth's search(k): every column covered here is uncovered before returning, also when
// the search stops early, so the matrix is intact for the next search.
void Dlx::search_from(int depth) {
  if (right_[0] == 0) {
    ++found_;
    if (*visit_) {
      for (int d = 0; d < depth; ++d) rows_[d] = row_of_[stack_[d]];
      if (!(*visit_)(std::span<const int>(rows_.data(), depth))) stop_ = true;
    }
    if (found_ >= limit_) stop_ = true;
    return;
  }
  if (check_.due(nodes_)) {
    stop_ = true;
    return;
  }
  const int c = choose_column();
  const bool choice = size_[c] >= 2;
  cover(c);
  for (int r = down_[c]; r != c && !stop_; r = down_[r]) {
    ++nodes_;
    if (choice) ++guesses_;
    stack_[depth] = r;
    for (int j = right_[r]; j != r; j = right_[j]) cover(column_[j]);
    search_from(depth + 1);
    for (int j = left_[r]; j != r; j = left_[j]) uncover(column_[j]);
  }
  uncover(c);
}

}  // namespace sudoforge::bench
