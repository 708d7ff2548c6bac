#include "sema/builtins.h"

#include <cstdlib>

#include "arch/x86_64_regs.h"
#include "sema/btf_types.h"

namespace bdtrace::sema {

namespace {

struct Entry {
    const char* name;
    BuiltinVar var;
    const char* type;  // a typedef or keyword type name; "string"; "task" for curthread
};

constexpr Entry kBuiltins[] = {
    {"args", BuiltinVar::Args, "int64_t"},           {"cpu", BuiltinVar::Cpu, "processorid_t"},
    {"curthread", BuiltinVar::Curthread, "task"},    {"epid", BuiltinVar::Epid, "uint_t"},
    {"errno", BuiltinVar::Errno, "int"},             {"execname", BuiltinVar::Execname, "string"},
    {"gid", BuiltinVar::Gid, "gid_t"},               {"id", BuiltinVar::Id, "uint_t"},
    {"pid", BuiltinVar::Pid, "pid_t"},               {"ppid", BuiltinVar::Ppid, "pid_t"},
    {"probeprov", BuiltinVar::Probeprov, "string"},  {"probemod", BuiltinVar::Probemod, "string"},
    {"probefunc", BuiltinVar::Probefunc, "string"},  {"probename", BuiltinVar::Probename, "string"},
    {"tid", BuiltinVar::Tid, "id_t"},                {"timestamp", BuiltinVar::Timestamp, "uint64_t"},
    {"vtimestamp", BuiltinVar::Vtimestamp, "uint64_t"},
    {"walltimestamp", BuiltinVar::Walltimestamp, "int64_t"},
    {"uid", BuiltinVar::Uid, "uid_t"},               {"stackdepth", BuiltinVar::Stackdepth, "uint32_t"},
    {"caller", BuiltinVar::Caller, "uintptr_t"},     {"ucaller", BuiltinVar::Ucaller, "uint64_t"},
    {"ipl", BuiltinVar::Ipl, "uint_t"},              {"ustackdepth", BuiltinVar::Ustackdepth, "uint32_t"},
};

}  // namespace

std::optional<int64_t> find_constant(const std::string& name) {
    static const std::pair<const char*, int64_t> kConstants[] = {
        {"DTRACEFLT_UNKNOWN", 0},  {"DTRACEFLT_BADADDR", 1},   {"DTRACEFLT_BADALIGN", 2},
        {"DTRACEFLT_ILLOP", 3},    {"DTRACEFLT_DIVZERO", 4},   {"DTRACEFLT_NOSCRATCH", 5},
        {"DTRACEFLT_KPRIV", 6},    {"DTRACEFLT_UPRIV", 7},     {"DTRACEFLT_TUPOFLOW", 8},
        {"DTRACEFLT_BADSTACK", 9}, {"DTRACEFLT_LIBRARY", 1000},
    };
    for (const auto& [n, v] : kConstants)
        if (name == n) return v;
    return arch::uregs_constant(name);
}

std::optional<BuiltinInfo> find_builtin(TypeTable& types, const std::string& name) {
    // arg0 .. arg9
    if (name.size() == 4 && name.compare(0, 3, "arg") == 0 && name[3] >= '0' && name[3] <= '9')
        return BuiltinInfo{BuiltinVar::Arg, types.lookup_typedef("int64_t"),
                           static_cast<uint64_t>(name[3] - '0')};
    for (const auto& e : kBuiltins) {
        if (name != e.name) continue;
        const Type* t = nullptr;
        std::string tn = e.type;
        if (tn == "string") t = types.string_type();
        else if (tn == "task") {
            const Type* task = types.lookup_tag(TypeKind::Struct, "task_struct");
            t = types.pointer_to(task ? task : types.declare_tag(TypeKind::Struct, "task_struct"));
        } else t = types.lookup_typedef(tn);
        if (!t) t = types.int_named(tn);
        return BuiltinInfo{e.var, t, 0};
    }
    return std::nullopt;
}

}  // namespace bdtrace::sema
