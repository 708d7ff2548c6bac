#include "process/debug_file.h"

namespace bdtrace::process {

std::vector<std::string> debug_file_candidates(const std::string& root, const std::string& path,
                                               const std::string& build_id,
                                               const std::string& debuglink) {
    std::vector<std::string> out;
    if (build_id.size() > 2)
        out.push_back(root + "/usr/lib/debug/.build-id/" + build_id.substr(0, 2) + "/" +
                      build_id.substr(2) + ".debug");
    if (!debuglink.empty()) {
        // `path` is the file's name inside the process's root; its folder keeps the slash.
        std::string dir = path.substr(0, path.rfind('/') + 1);
        out.push_back(root + dir + debuglink);
        out.push_back(root + dir + ".debug/" + debuglink);
        out.push_back(root + "/usr/lib/debug" + dir + debuglink);
    }
    return out;
}

}  // namespace bdtrace::process
