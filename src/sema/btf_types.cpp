#include "sema/btf_types.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include <cerrno>
#include <cstring>

#include "btf/vmlinux.h"

namespace bdtrace::sema {

BtfSource::BtfSource(std::shared_ptr<const kbtf::Vmlinux> owner, const struct btf* b)
    : owner_(std::move(owner)), btf_(b) {
    index();
}
BtfSource::~BtfSource() = default;

std::unique_ptr<BtfSource> BtfSource::over(std::shared_ptr<const kbtf::Vmlinux> vmlinux,
                                           std::string* err) {
    const struct btf* b = vmlinux->parsed();
    if (!b) {
        if (err) *err = vmlinux->parse_error();
        return nullptr;
    }
    return std::unique_ptr<BtfSource>(new BtfSource(std::move(vmlinux), b));
}

std::unique_ptr<BtfSource> BtfSource::load(std::string* err, const std::string& path) {
    return over(std::make_shared<kbtf::Vmlinux>(path), err);
}

void BtfSource::index() {
    uint32_t n = btf__type_cnt(btf_);
    names_.reserve(n / 2);
    for (uint32_t id = 1; id < n; ++id) {
        const struct btf_type* t = btf__type_by_id(btf_, id);
        int k = btf_kind(t);
        if (k != BTF_KIND_TYPEDEF && k != BTF_KIND_STRUCT && k != BTF_KIND_UNION &&
            k != BTF_KIND_ENUM && k != BTF_KIND_ENUM64 && k != BTF_KIND_FUNC && k != BTF_KIND_INT &&
            k != BTF_KIND_VAR)
            continue;
        const char* name = btf__name_by_offset(btf_, t->name_off);
        if (name && *name) names_.emplace(std::string_view(name), static_cast<int>(id));
    }
}

int BtfSource::find(const std::string& name, int kind) const {
    auto [b, e] = names_.equal_range(name);
    int best = -1;
    for (auto it = b; it != e; ++it) {
        const struct btf_type* t = btf__type_by_id(btf_, static_cast<uint32_t>(it->second));
        if (btf_kind(t) != kind) continue;
        // Prefer a complete definition over a forward declaration.
        if (best < 0 || (kind != BTF_KIND_TYPEDEF && btf_vlen(t) > 0)) best = it->second;
    }
    return best;
}

const Type* BtfSource::typedef_named(TypeTable& types, const std::string& name) {
    int id = find(name, BTF_KIND_TYPEDEF);
    return id < 0 ? nullptr : by_id(types, id);
}

const Type* BtfSource::tag_named(TypeTable& types, TypeKind kind, const std::string& name) {
    int id = -1;
    if (kind == TypeKind::Struct) id = find(name, BTF_KIND_STRUCT);
    else if (kind == TypeKind::Union) id = find(name, BTF_KIND_UNION);
    else {
        id = find(name, BTF_KIND_ENUM);
        if (id < 0) id = find(name, BTF_KIND_ENUM64);
    }
    return id < 0 ? nullptr : by_id(types, id);
}

const Type* BtfSource::variable_type(TypeTable& types, const std::string& name) {
    int id = find(name, BTF_KIND_VAR);
    if (id < 0) return nullptr;
    const struct btf_type* t = btf__type_by_id(btf_, static_cast<uint32_t>(id));
    return by_id(types, static_cast<int>(t->type));
}

const Type* BtfSource::by_id(TypeTable& types, int id) {
    if (auto it = converted_.find(id); it != converted_.end()) return it->second;
    return convert(types, id);
}

const Type* BtfSource::convert(TypeTable& types, int id) {
    if (id == 0) return types.void_type();
    const struct btf_type* t = btf__type_by_id(btf_, static_cast<uint32_t>(id));
    if (!t) return types.void_type();
    const char* raw_name = btf__name_by_offset(btf_, t->name_off);
    std::string name = raw_name ? raw_name : "";
    const Type* result = nullptr;
    switch (btf_kind(t)) {
        case BTF_KIND_INT: {
            uint32_t info = *reinterpret_cast<const uint32_t*>(t + 1);
            bool is_signed = BTF_INT_ENCODING(info) & BTF_INT_SIGNED;
            if (BTF_INT_ENCODING(info) & BTF_INT_BOOL) is_signed = false;
            const Type* base = types.int_type(t->size, is_signed);
            Type* c = types.new_type();
            *c = *base;
            c->name = name.empty() ? base->name : name;
            c->btf_id = id;
            result = c;
            break;
        }
        case BTF_KIND_FLOAT: result = types.float_type(t->size); break;
        case BTF_KIND_PTR: {
            // Insert a placeholder first: pointers to structs that point back to themselves.
            const Type* target = by_id(types, static_cast<int>(t->type));
            result = types.pointer_to(target);
            break;
        }
        case BTF_KIND_ARRAY: {
            const struct btf_array* a = btf_array(t);
            result = types.array_of(by_id(types, static_cast<int>(a->type)), a->nelems);
            break;
        }
        case BTF_KIND_TYPEDEF: {
            const Type* target = by_id(types, static_cast<int>(t->type));
            if (target->kind == TypeKind::Integer || target->kind == TypeKind::Float) {
                Type* c = types.new_type();
                *c = *target;
                c->name = name;
                c->btf_id = id;
                result = c;
            } else {
                result = target;
            }
            break;
        }
        case BTF_KIND_VOLATILE:
        case BTF_KIND_CONST:
        case BTF_KIND_RESTRICT:
        case BTF_KIND_TYPE_TAG:
        case BTF_KIND_DECL_TAG: result = by_id(types, static_cast<int>(t->type)); break;
        case BTF_KIND_STRUCT:
        case BTF_KIND_UNION: {
            bool is_union = btf_kind(t) == BTF_KIND_UNION;
            Type* r = types.new_type();
            r->kind = is_union ? TypeKind::Union : TypeKind::Struct;
            r->name = std::string(is_union ? "union " : "struct ") + name;
            r->size = t->size;
            r->align = 8;
            r->btf_id = id;
            converted_[id] = r;  // before the members: they may point back here
            const struct btf_member* m = btf_members(t);
            for (uint16_t i = 0; i < btf_vlen(t); ++i, ++m) {
                Member mem;
                const char* mn = btf__name_by_offset(btf_, m->name_off);
                mem.name = mn ? mn : "";
                mem.type = by_id(types, static_cast<int>(m->type));
                mem.offset_bits = btf_member_bit_offset(t, i);
                mem.bitfield_bits = btf_member_bitfield_size(t, i);
                r->members.push_back(std::move(mem));
            }
            return r;
        }
        case BTF_KIND_ENUM:
        case BTF_KIND_ENUM64: {
            Type* e = types.new_type();
            e->kind = TypeKind::Enum;
            e->name = "enum " + name;
            e->size = e->align = t->size;
            e->is_signed = btf_kflag(t);
            e->btf_id = id;
            if (btf_kind(t) == BTF_KIND_ENUM) {
                const struct btf_enum* v = btf_enum(t);
                for (uint16_t i = 0; i < btf_vlen(t); ++i, ++v)
                    e->enumerators.emplace_back(btf__name_by_offset(btf_, v->name_off), v->val);
            }
            result = e;
            break;
        }
        case BTF_KIND_FWD: {
            bool is_union = btf_kflag(t);
            Type* r = types.new_type();
            r->kind = is_union ? TypeKind::Union : TypeKind::Struct;
            r->name = std::string(is_union ? "union " : "struct ") + name;
            r->complete = false;
            result = r;
            break;
        }
        case BTF_KIND_FUNC_PROTO: {
            std::vector<const Type*> params;
            const struct btf_param* p = btf_params(t);
            bool varargs = false;
            for (uint16_t i = 0; i < btf_vlen(t); ++i, ++p) {
                if (p->type == 0) varargs = true;
                else params.push_back(by_id(types, static_cast<int>(p->type)));
            }
            result = types.function_type(by_id(types, static_cast<int>(t->type)), params, varargs);
            break;
        }
        default: result = types.void_type(); break;
    }
    converted_[id] = result;
    return result;
}

}  // namespace bdtrace::sema
