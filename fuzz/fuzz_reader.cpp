// Fuzzes the text-format reader: any bytes must either parse into records or raise
// ParseError, and every parsed record (variant boards and jigsaw region maps included)
// must survive a write/read round trip unchanged.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_records.h"
#include "sudoforge/core/record_reader.h"
#include "sudoforge/core/record_writer.h"

using namespace sudoforge;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ReaderOptions options;
  options.max_line_length = 4096;
  fuzz::pick_variant(data, size, options);
  fuzz::for_each_record(data, size, options, 100000, [&](const Record& rec) {
    const std::string text = to_text(rec.grid, rec.style);
    ReaderOptions again;
    again.size = rec.grid.size();
    again.alphabet = rec.style.alphabet.kind();
    again.variant = Variant::of(rec.grid.geometry());
    const Record back = parse_one(text, again);  // must not throw
    if (!(back.grid == rec.grid)) std::abort();
  });
  return 0;
}
