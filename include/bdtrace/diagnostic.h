// The one diagnostic type every stage reports through. Stages never print or exit: they append
// Diagnostics to a DiagnosticList and the caller decides how to render them (render.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diag_tag.h"

namespace bdtrace {

// A position in one source buffer. line and column are 1-based; line 0 means "no position"
// (for example an error about a command-line option, or about a -n description).
struct SourceLoc {
    uint32_t offset = 0;
    uint32_t line = 0;
    uint32_t column = 0;
};

struct SourceRange {
    SourceLoc begin;
    SourceLoc end;
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
    Severity severity = Severity::Error;
    Tag tag;  // DTrace's D_* error tag, e.g. "D_SYNTAX" (diag_tags.def); empty for none
    SourceRange range;
    std::string message;  // DTrace's wording, without the "line N:" prefix or a trailing newline
};

class DiagnosticList {
public:
    void error(Tag tag, SourceRange range, std::string message) {
        add({Severity::Error, tag, range, std::move(message)});
    }
    void warning(Tag tag, SourceRange range, std::string message) {
        add({Severity::Warning, tag, range, std::move(message)});
    }
    void add(Diagnostic d) {
        if (d.severity == Severity::Error) ++errors_;
        items_.push_back(std::move(d));
    }
    bool has_errors() const { return errors_ != 0; }
    size_t error_count() const { return errors_; }
    const std::vector<Diagnostic>& items() const { return items_; }
    bool empty() const { return items_.empty(); }
    void clear() {
        items_.clear();
        errors_ = 0;
    }

private:
    std::vector<Diagnostic> items_;
    size_t errors_ = 0;
};

}  // namespace bdtrace
