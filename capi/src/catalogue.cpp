// The catalogue handle: open, add, query (the filters of `sudoforge db query`), close.
#include <span>

#include "capi_internal.h"
#include "sudoforge/workflow/filter.h"

using sudoforge::capi::Failure;
using sudoforge::capi::guarded;
using sudoforge::capi::require;

struct sf_catalogue {
  explicit sf_catalogue(const std::string& path, const sudoforge::db::OpenOptions& options)
      : catalogue(path, options) {}
  sudoforge::db::Catalogue catalogue;
};

namespace {

// The query's filters as the catalogue stores them (levels and techniques by their
// canonical names), as `db query` resolves its options.
sudoforge::db::QueryFilter filter_of(const sf_query& q) {
  using sudoforge::db::QueryFilter;
  QueryFilter f;
  f.with_techniques = true;
  // The names are those of the C struct's fields; workflow::FilterError is an
  // invalid_argument, which the guard turns into SF_INVALID_ARGUMENT.
  if (q.level) f.level = sudoforge::workflow::level_filter("level", q.level);
  if (q.min_rating < 0 || q.max_rating < 0 || q.limit < 0 || q.size < 0) {
    throw Failure{SF_INVALID_ARGUMENT, "ratings, size and limit must not be negative"};
  }
  if (q.min_rating > 0) f.min_rating = q.min_rating;
  if (q.max_rating > 0) f.max_rating = q.max_rating;
  if (q.technique_count > 0) require(q.techniques, "techniques");
  for (std::size_t i = 0; i < q.technique_count; ++i) {
    require(q.techniques[i], "a technique name");
    f.techniques.emplace_back(sudoforge::workflow::technique_filter("technique", q.techniques[i]));
  }
  if (q.size > 0) f.size = sudoforge::workflow::size_filter("size", q.size);
  if (q.variant) f.variant = sudoforge::workflow::variant_filter("variant", q.variant);
  switch (q.order) {
    case SF_ORDER_ID:
      f.order = QueryFilter::Order::kId;
      break;
    case SF_ORDER_RATING:
      f.order = QueryFilter::Order::kRating;
      break;
    case SF_ORDER_CLUES:
      f.order = QueryFilter::Order::kClues;
      break;
    case SF_ORDER_RANDOM:
      f.order = QueryFilter::Order::kRandom;
      break;
    default:
      throw Failure{SF_INVALID_ARGUMENT, "unknown order " + std::to_string(q.order)};
  }
  if (q.seed != 0) f.seed = q.seed;
  if (q.limit > 0) f.limit = q.limit;
  return f;
}

}  // namespace

extern "C" {

sf_status sf_catalogue_open(const char* path, int flags, sf_catalogue** out) {
  return guarded([&] {
    require(path, "path");
    require(out, "out");
    if ((flags & ~SF_OPEN_READ_ONLY) != 0) {
      throw Failure{SF_INVALID_ARGUMENT, "unknown flags " + std::to_string(flags)};
    }
    sudoforge::db::OpenOptions options;
    options.read_only = (flags & SF_OPEN_READ_ONLY) != 0;
    *out = new sf_catalogue(path, options);
  });
}

void sf_catalogue_close(sf_catalogue* catalogue) {
  delete catalogue;
}

sf_status sf_catalogue_add(sf_catalogue* catalogue, const sf_puzzles* puzzles, uint64_t* added,
                           uint64_t* duplicates) {
  return guarded([&] {
    require(catalogue, "catalogue");
    require(puzzles, "puzzles");
    std::vector<sudoforge::db::PuzzleRecord> records;
    records.reserve(puzzles->entries.size());
    for (const sf_puzzles::Entry& e : puzzles->entries) records.push_back(e.record);
    const sudoforge::db::AddResult result = catalogue->catalogue.add(records);
    if (added) *added = static_cast<uint64_t>(result.added);
    if (duplicates) *duplicates = static_cast<uint64_t>(result.duplicates);
  });
}

sf_status sf_catalogue_query(sf_catalogue* catalogue, const sf_query* query, sf_puzzles** out) {
  return guarded([&] {
    require(catalogue, "catalogue");
    require(out, "out");
    const sudoforge::db::QueryFilter filter = filter_of(query ? *query : sf_query{});
    auto puzzles = std::make_unique<sf_puzzles>();
    catalogue->catalogue.query(filter, [&](const sudoforge::db::PuzzleRecord& r) {
      puzzles->add(r);
      return true;
    });
    *out = puzzles.release();
  });
}

}  // extern "C"
