#include "step_pictures.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cli_common.h"
#include "sudoforge/core/record_writer.h"

namespace sudoforge::cli {
namespace {

// The steps a book's hint passes over: the singles and, on killers, the cage bookkeeping
// every solver pencils in first (a cage's last cell, the digits its size and sum allow),
// so a killer's hint is its first real deduction, an innie or a cage overlap.
bool is_routine(const std::string& technique) {
  return technique == "Full House" || technique == "Hidden Single" || technique == "Naked Single" ||
         technique == "Cage Sum" || technique == "Cage Combinations";
}

// Written to PATH.part and renamed into place, so a failure leaves no half-written file.
template <typename Write>
void write_into_place(const std::string& path, Write write) {
  const std::string part = path + ".part";
  try {
    write(part);
  } catch (const book::ReplayError&) {
    std::remove(part.c_str());
    throw;
  } catch (const book::BookError& e) {
    std::remove(part.c_str());
    throw IoError(path + ": " + e.what());
  }
  if (std::rename(part.c_str(), path.c_str()) != 0) {
    std::remove(part.c_str());
    throw IoError(path + ": cannot write");
  }
}

}  // namespace

std::optional<PictureFormat> parse_picture_format(const std::string& text) {
  std::string t;
  for (char c : text) t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "svg") return PictureFormat::kSvg;
  if (t == "png") return PictureFormat::kPng;
  if (t == "pdf") return PictureFormat::kPdf;
  if (t == "html") return PictureFormat::kHtml;
  return std::nullopt;
}

std::string extension_of(PictureFormat format) {
  switch (format) {
    case PictureFormat::kSvg:
      return "svg";
    case PictureFormat::kPng:
      return "png";
    case PictureFormat::kPdf:
      return "pdf";
    case PictureFormat::kHtml:
      return "html";
  }
  return "";
}

std::string picture_path(const std::string& out, PictureFormat format, int puzzle, int step,
                         int steps) {
  const std::filesystem::path p(out);
  std::string ext = p.extension().string();
  if (ext.empty()) ext = "." + extension_of(format);
  std::string name = (p.parent_path() / p.stem()).string();
  if (puzzle > 0) name += "-" + std::to_string(puzzle);
  if (step > 0) {
    const int width = std::max<int>(3, static_cast<int>(std::to_string(steps).size()));
    std::string number = std::to_string(step);
    name += "-" +
            std::string(
                static_cast<std::size_t>(std::max<int>(0, width - static_cast<int>(number.size()))),
                '0') +
            number;
  }
  return name + ext;
}

book::StepMarks step_marks(const grader::Step& step, std::string heading) {
  return {step.cells, step.placements, step.eliminations, step.explanation, std::move(heading)};
}

std::vector<std::string> write_step_pictures(const std::string& out, PictureFormat format,
                                             int puzzle, const Grid& givens,
                                             const grader::Rating& rating,
                                             const std::string& title) {
  const int n = static_cast<int>(rating.steps.size());
  std::vector<book::StepMarks> steps;
  for (int k = 0; k < n; ++k) {
    const grader::Step& s = rating.steps[static_cast<std::size_t>(k)];
    steps.push_back(step_marks(s, "Step " + std::to_string(k + 1) + " of " + std::to_string(n) +
                                      ": " + s.technique + " (" + format_rating(s.rating) + ")"));
  }
  std::vector<std::string> written;
  if (format == PictureFormat::kPdf || format == PictureFormat::kHtml) {
    const std::string path = picture_path(out, format, puzzle, 0, n);
    write_into_place(path, [&](const std::string& part) {
      if (format == PictureFormat::kPdf) {
        book::write_steps_pdf(part, givens, steps, title);
        return;
      }
      const std::string html = book::steps_html(givens, steps, title);
      std::ofstream file(part, std::ios::binary);
      file << html;
      file.close();
      if (!file) throw book::BookError("cannot write");
    });
    written.push_back(path);
    return written;
  }
  // Replayed before anything is written: a step that does not fit writes no picture.
  const std::vector<book::CandidateState> states = book::replay_steps(givens, steps);
  const book::ImageFormat image =
      format == PictureFormat::kSvg ? book::ImageFormat::kSvg : book::ImageFormat::kPng;
  for (int k = 0; k < n; ++k) {
    const std::string path = picture_path(out, format, puzzle, k + 1, n);
    book::StepImageOptions options;
    options.number = k + 1;
    write_into_place(path, [&](const std::string& part) {
      book::render_step(part, image, givens, states[static_cast<std::size_t>(k)],
                        steps[static_cast<std::size_t>(k)], options);
    });
    written.push_back(path);
  }
  return written;
}

book::BookHint first_hint(const Grid& givens, const grader::Rating& rating) {
  std::vector<book::StepMarks> steps;
  for (const grader::Step& s : rating.steps) {
    steps.push_back(step_marks(s, s.technique + " (" + format_rating(s.rating) + ")"));
    if (!is_routine(s.technique)) {
      const auto states = book::replay_steps(givens, steps);
      return {std::move(steps.back()), states[states.size() - 2]};
    }
  }
  return {std::nullopt, book::initial_candidates(givens)};
}

}  // namespace sudoforge::cli
