// The USDT program's arguments: each call site's specs (abi::UsdtSiteSpec in abi::kUsdtSiteMap,
// by the site index in the attach cookie's upper half) evaluated in BPF: registers from a copy
// of pt_regs, memory operands with bpf_probe_read_user, constants; extended by size and sign.
#pragma once

#include <cstdint>

#include "bpf/ir.h"

namespace bdtrace::codegen {

// Stores the arguments among arg0..arg11 that `args` names (bit N: argN) in the scratch area for
// the site `site` (a u32 value in a register); none at all when `args` names none.
void usdt_load_args(bpf::Function& f, bpf::VReg ctx, bpf::VReg scratch, bpf::VReg site,
                    uint32_t args);

}  // namespace bdtrace::codegen
