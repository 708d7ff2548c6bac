// Subroutines that read kernel objects: getmajor(), getminor() of a dev_t; mutex_owned(),
// mutex_owner(), mutex_type_adaptive(), mutex_type_spin() of a struct mutex; rw_read_held(),
// rw_write_held(), rw_iswriter() of an rwlock_t. Each is checked as DTrace checks a call against
// its prototype and becomes an ordinary expression (loads, masks, comparisons), so the code
// generator needs nothing of its own for them.
//
// Linux's layouts, as Linux DTrace reads them: a dev_t holds the major number in bits 20-31 and
// the minor in bits 0-19 (MAJOR()/MINOR()); a struct mutex's `owner` word is the owning task
// with flag bits 0-2; an rwlock_t is a queued rwlock whose count word has the writer byte in
// bits 0-7, a waiting writer in bit 8 and the readers from bit 9.
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

enum class Object { Dev, Mutex, Rwlock };
// What each subroutine computes from its object.
enum class Read { Major, Minor, Owned, Owner, Adaptive, Spin, ReadHeld, WriteHeld, IsWriter };

struct KernelSubr {
    const char* name;
    Object object;
    Read read;
};

constexpr KernelSubr kSubrs[] = {
    {"getmajor", Object::Dev, Read::Major},
    {"getminor", Object::Dev, Read::Minor},
    {"mutex_owned", Object::Mutex, Read::Owned},
    {"mutex_owner", Object::Mutex, Read::Owner},
    {"mutex_type_adaptive", Object::Mutex, Read::Adaptive},
    {"mutex_type_spin", Object::Mutex, Read::Spin},
    {"rw_read_held", Object::Rwlock, Read::ReadHeld},
    {"rw_write_held", Object::Rwlock, Read::WriteHeld},
    {"rw_iswriter", Object::Rwlock, Read::IsWriter},
};

const char* parameter(Object o) {
    switch (o) {
        case Object::Dev: return "dev_t";
        case Object::Mutex: return "struct mutex *";
        case Object::Rwlock: return "rwlock_t *";
    }
    return "";
}

}  // namespace

NodePtr Checker::kernel_subroutine(const ast::Expr& e, size_t row) {
    const KernelSubr* def = &kSubrs[row];
    const std::string name = def->name;
    std::vector<NodePtr> args;
    for (const auto& a : e.args) args.push_back(rvalue(*a));
    if (args.size() != 1)
        error("D_PROTO_LEN", e.range, name + "( ) prototype mismatch: " + std::to_string(args.size()) +
                                          (args.size() == 1 ? " arg" : " args") + " passed, 1 expected");
    NodePtr arg = std::move(args[0]);
    const Type* t = arg->type;
    bool fits = def->object == Object::Dev ? t->is_integer()
                                           : t->is_pointer() && t->space == AddrSpace::Kernel;
    if (fits && def->object != Object::Dev && !t->target->is_void()) {
        const Type* to = t->target;
        if (def->object == Object::Mutex) fits = to->kind == TypeKind::Struct && to->name == "struct mutex";
        else fits = to->name.find("rwlock") != std::string::npos;
    }
    if (!fits)
        error("D_PROTO_ARG", e.range,
              name + "( ) argument #1 is incompatible with prototype:\n\tprototype: " + parameter(def->object) +
                  "\n\t argument: " + t->name);

    SourceRange r = e.range;
    const Type* u32 = types.int_type(4, false);
    const Type* u64 = types.int_type(8, false);
    const Type* i32 = types.int_type(4, true);
    auto bin = [&](Op op, NodePtr a, NodePtr b, const Type* rt) {
        auto n = std::make_unique<Node>(NodeKind::Binary);
        n->op = op;
        n->type = rt;
        n->range = r;
        n->a = std::move(a);
        n->b = std::move(b);
        return n;
    };
    // The word of the object at `offset`, read as an unsigned integer of `size` bytes.
    auto word = [&](NodePtr p, uint64_t offset, uint64_t size) {
        const Type* wt = types.int_type(size, false);
        auto n = std::make_unique<Node>(NodeKind::Load);
        n->type = wt;
        n->range = r;
        n->a = cast(std::move(p), types.pointer_to(wt), r);
        n->value = offset;
        return n;
    };
    switch (def->object) {
        case Object::Dev: {
            NodePtr v = cast(std::move(arg), u64, r);
            if (def->read == Read::Minor) return cast(bin(Op::And, std::move(v), int_const(0xfffff, u64, r), u64), u32, r);
            NodePtr major = bin(Op::Shr, std::move(v), int_const(20, u64, r), u64);
            return cast(bin(Op::And, std::move(major), int_const(0xfff, u64, r), u64), u32, r);
        }
        case Object::Mutex: {
            if (def->read == Read::Adaptive) return int_const(1, i32, r);  // every struct mutex sleeps
            if (def->read == Read::Spin) return int_const(0, i32, r);
            uint64_t offset = 0;
            if (const Type* m = types.lookup_tag(TypeKind::Struct, "mutex"))
                if (const Member* owner = m->member("owner")) offset = owner->offset_bits / 8;
            NodePtr task = bin(Op::And, word(std::move(arg), offset, 8), int_const(~uint64_t{7}, u64, r), u64);
            if (def->read == Read::Owned) return bin(Op::Ne, std::move(task), int_const(0, u64, r), i32);
            const Type* ts = types.lookup_tag(TypeKind::Struct, "task_struct");
            return cast(std::move(task), types.pointer_to(ts ? ts : types.void_type()), r);
        }
        case Object::Rwlock: {
            NodePtr cnts = word(std::move(arg), 0, 4);
            if (def->read == Read::ReadHeld)
                return bin(Op::Ne, bin(Op::Shr, std::move(cnts), int_const(9, u32, r), u32), int_const(0, u32, r), i32);
            uint64_t mask = def->read == Read::WriteHeld ? 0xff : 0x1ff;
            return bin(Op::Ne, bin(Op::And, std::move(cnts), int_const(mask, u32, r), u32), int_const(0, u32, r), i32);
        }
    }
    return nullptr;
}

// The group's names in the call table (check_stmt.cpp), by row.
std::vector<std::string_view> kernel_subroutine_names() {
    std::vector<std::string_view> names;
    for (const auto& d : kSubrs) names.push_back(d.name);
    return names;
}

}  // namespace bdtrace::sema
