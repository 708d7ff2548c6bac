// A named buffer of D source text and the mapping from byte offsets to lines and columns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diagnostic.h"

namespace bdtrace::frontend {

class SourceBuffer {
public:
    SourceBuffer(std::string name, std::string text);

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    SourceLoc loc_at(size_t offset) const;
    // The text of line `line` (1-based) without its newline; empty when out of range.
    std::string_view line_text(uint32_t line) const;

private:
    std::string name_;
    std::string text_;
    std::vector<size_t> line_starts_;
};

}  // namespace bdtrace::frontend
