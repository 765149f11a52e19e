#pragma once
// The loop every fuzz target shares: read records from the fuzzer's bytes, skipping the
// malformed ones (ParseError is the reader's documented answer to bad input), at most
// `max_records` of them so one input cannot run for long.
#include <cstdint>
#include <sstream>
#include <string>

#include "sudoforge/core/errors.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/variant.h"

namespace sudoforge::fuzz {

// Inputs whose first byte is below 8 read their records as a variant picked by that byte
// (and drop it); every other input, the seed corpora's text among them, reads classic.
inline void pick_variant(const std::uint8_t*& data, std::size_t& size, ReaderOptions& options) {
  static const char* const kVariants[] = {
      "x", "windoku", "jigsaw", "x+jigsaw", "dg+x", "asterisk", "girandola+windoku", "centre-dot"};
  if (size == 0 || data[0] >= 8) return;
  options.variant = Variant::parse(kVariants[data[0]]);
  ++data;
  --size;
}

template <typename OnRecord>
void for_each_record(const std::uint8_t* data, std::size_t size, const ReaderOptions& options,
                     int max_records, OnRecord on_record) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  RecordReader reader(in, options);
  for (int i = 0; i < max_records; ++i) {
    std::optional<Record> r;
    try {
      r = reader.next();
    } catch (const ParseError&) {
      continue;
    }
    if (!r) return;
    on_record(*r);
  }
}

}  // namespace sudoforge::fuzz
