#include "kernel/func_btf.h"

#include <bpf/btf.h>

#include <cstring>
#include <map>

namespace bdtrace::kernel {

FuncBtf build_func_btf(const std::vector<FunctionShape>& functions) {
    FuncBtf out;
    struct btf* b = btf__new_empty();
    if (!b) return out;
    int long_id = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
    std::map<uint32_t, int> protos;  // parameter count -> FUNC_PROTO id
    for (const auto& fn : functions) {
        auto it = protos.find(fn.params);
        if (it == protos.end()) {
            int proto = btf__add_func_proto(b, long_id);
            for (uint32_t i = 0; i < fn.params; ++i)
                btf__add_func_param(b, ("a" + std::to_string(i)).c_str(), long_id);
            it = protos.emplace(fn.params, proto).first;
        }
        int func = btf__add_func(b, fn.name.c_str(), BTF_FUNC_STATIC, it->second);
        if (func < 0) {
            btf__free(b);
            return {};
        }
        out.func_info.push_back({fn.start, static_cast<uint32_t>(func)});
    }
    uint32_t size = 0;
    const void* data = btf__raw_data(b, &size);
    if (data) {
        out.raw.resize(size);
        std::memcpy(out.raw.data(), data, size);
    }
    btf__free(b);
    return out;
}

}  // namespace bdtrace::kernel
