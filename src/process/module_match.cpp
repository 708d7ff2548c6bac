#include "process/module_match.h"

#include "util/glob.h"

namespace bdtrace::process {

std::vector<size_t> match_modules(const std::vector<MappedObject>& objects,
                                  std::string_view pattern) {
    std::vector<size_t> out;
    if (pattern.empty() || util::has_glob(pattern)) {
        for (size_t i = 0; i < objects.size(); ++i)
            if (util::glob_match(pattern, objects[i].module)) out.push_back(i);
        return out;
    }
    for (size_t i = 0; i < objects.size(); ++i)
        if (objects[i].path == pattern || objects[i].module == pattern) return {i};
    for (size_t i = 0; i < objects.size(); ++i) {
        const auto& m = objects[i].module;
        if (m.size() > pattern.size() && m.compare(0, pattern.size(), pattern) == 0 &&
            m[pattern.size()] == '.')
            return {i};
    }
    if (pattern == "a.out")
        for (size_t i = 0; i < objects.size(); ++i)
            if (objects[i].executable) return {i};
    return out;
}

}  // namespace bdtrace::process
