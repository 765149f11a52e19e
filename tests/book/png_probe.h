// Reading rendered PNGs back pixel by pixel (book tests), with Cairo.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <filesystem>

namespace sudoforge::test {

// The grey level (0 black .. 255 white) of a PNG's pixels.
class Png {
 public:
  explicit Png(const std::filesystem::path& p)
      : s_(cairo_image_surface_create_from_png(p.string().c_str())) {}
  ~Png() { cairo_surface_destroy(s_); }
  Png(const Png&) = delete;
  Png& operator=(const Png&) = delete;
  bool ok() const { return cairo_surface_status(s_) == CAIRO_STATUS_SUCCESS; }
  int grey(int x, int y) const {
    const unsigned char* row =
        cairo_image_surface_get_data(s_) + y * cairo_image_surface_get_stride(s_);
    const auto px = *reinterpret_cast<const std::uint32_t*>(row + 4 * x);
    return static_cast<int>(((px >> 16) & 255) + ((px >> 8) & 255) + (px & 255)) / 3;
  }
  // Pixels darker than mid grey in [x0, x1) x [y0, y1).
  int dark(int x0, int y0, int x1, int y1) const {
    int n = 0;
    for (int y = y0; y < y1; ++y) {
      for (int x = x0; x < x1; ++x) n += grey(x, y) < 128;
    }
    return n;
  }

 private:
  cairo_surface_t* s_;
};

}  // namespace sudoforge::test
