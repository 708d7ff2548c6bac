// What a file's call frame information (.eh_frame, read with libdw) says about the stack at
// one instruction: whether the return address of the function is at (%rsp) there, which is
// true at the first instruction of a function entered by a call and at a tail call, and false
// inside a function with a frame (a computed goto, a switch), at the PLT resolver's entry (the
// PLT pushed two words over the return address) and where the CFI says there is none (_start).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace bdtrace::process {

class FrameInfo {
public:
    // Null when the file cannot be read or has no call frame information.
    static std::unique_ptr<FrameInfo> open(const std::string& path);
    ~FrameInfo();
    FrameInfo(const FrameInfo&) = delete;
    FrameInfo& operator=(const FrameInfo&) = delete;

    // At `vaddr` (the file's own addresses): true when the CFA is %rsp + 8 and the return
    // address is the word below the CFA; false when the CFI says otherwise; nullopt when no FDE
    // covers vaddr or its rules are not of those simple forms.
    std::optional<bool> return_address_at_rsp(uint64_t vaddr) const;

private:
    FrameInfo() = default;
    struct Handles;
    std::unique_ptr<Handles> h_;
};

}  // namespace bdtrace::process
