#include "frontend/source.h"

#include <algorithm>

namespace bdtrace::frontend {

SourceBuffer::SourceBuffer(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

SourceLoc SourceBuffer::loc_at(size_t offset) const {
    offset = std::min(offset, text_.size());
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
    size_t col = offset - line_starts_[line - 1] + 1;
    return {static_cast<uint32_t>(offset), static_cast<uint32_t>(line), static_cast<uint32_t>(col)};
}

std::string_view SourceBuffer::line_text(uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    size_t b = line_starts_[line - 1];
    size_t e = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
    return std::string_view(text_).substr(b, e - b);
}

}  // namespace bdtrace::frontend
