// Program scope: declarations, typedefs, struct/union/enum layout, inlines, probe matching.
#include <algorithm>
#include <unordered_map>

#include "diag/render.h"
#include "frontend/const_fold.h"
#include "sema/checker.h"

namespace bdtrace::sema {

using namespace ast;

Checker::Checker(TypeTable& t, probes::Registry& r, const SemaOptions& o, DiagnosticList& d)
    : types(t), registry(r), opts(o), diags(d) {}

void Checker::error(Tag tag, SourceRange r, const std::string& msg) {
    if (hold_errors) {
        held = Diagnostic{Severity::Error, tag, r, msg};
        throw CheckAbort{};
    }
    diags.error(tag, r, msg);
    throw CheckAbort{};
}

std::unique_ptr<TypedProgram> Checker::run(const std::vector<const Program*>& programs) {
    prog = std::make_unique<TypedProgram>();
    prog->strsize = opts.strsize;
    try {
        for (size_t i = 0; i < opts.library.size(); ++i) library_program(*opts.library[i], i);
        if (opts.check_library) check_library();
        uint32_t clause_index = 0;
        for (const Program* program : programs) {
            for (const auto& item : program->items) {
                switch (item.kind) {
                    case TopLevel::Kind::Declaration: declaration(*item.declaration); break;
                    case TopLevel::Kind::Inline: inline_def(*item.inline_def); break;
                    case TopLevel::Kind::Clause: clause(*item.clause, clause_index++); break;
                    case TopLevel::Kind::Translator: translator_def(*item.translator, false); break;
                    case TopLevel::Kind::Provider:
                    case TopLevel::Kind::Pragma: break;  // providers: later stages
                }
            }
        }
    } catch (const CheckAbort&) {
        return nullptr;
    }
    return std::move(prog);
}

// A library file is compiled as a program and then set aside (DTrace's dt_load_libs_dir): its
// declarations, inlines and translators stay; a probe clause in it is checked, so an error in
// it fails every compile that loads the library, but it is never enabled. An error names the
// library file and its line.
void Checker::library_program(const Program& lib, size_t index) {
    size_t before = diags.items().size();
    try {
        for (const auto& item : lib.items) {
            switch (item.kind) {
                case TopLevel::Kind::Declaration: declaration(*item.declaration); break;
                case TopLevel::Kind::Inline: inline_def(*item.inline_def, true); break;
                case TopLevel::Kind::Translator: translator_def(*item.translator, true); break;
                case TopLevel::Kind::Clause: {
                    uint32_t matched = prog->matched_probes;
                    clause(*item.clause, 0);
                    prog->clauses.pop_back();
                    prog->matched_probes = matched;
                    break;
                }
                default: break;  // its pragmas were read when it was parsed
            }
        }
    } catch (const CheckAbort&) {
        if (index < opts.library_files.size()) {
            DiagnosticList named;
            for (size_t i = 0; i < diags.items().size(); ++i)
                named.add(i < before ? diags.items()[i]
                                     : in_file(diags.items()[i], opts.library_files[index]));
            diags = std::move(named);
        }
        throw;
    }
}

// ---- types of declarations --------------------------------------------------------------

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::vector<std::string> w;
    bool is_unsigned = false;
    for (const auto& x : words) {
        if (x == "unsigned") is_unsigned = true;
        else if (x != "signed") w.push_back(x);
    }
    // Canonical C spelling: "unsigned long long", "short", "long double"...
    std::erase(w, std::string("int"));
    std::string base;
    int longs = static_cast<int>(std::count(w.begin(), w.end(), "long"));
    if (std::find(w.begin(), w.end(), "double") != w.end()) base = longs ? "long double" : "double";
    else if (std::find(w.begin(), w.end(), "char") != w.end()) base = "char";
    else if (std::find(w.begin(), w.end(), "short") != w.end()) base = "short";
    else if (longs == 2) base = "long long";
    else if (longs == 1) base = "long";
    else if (std::find(w.begin(), w.end(), "float") != w.end()) base = "float";
    else if (std::find(w.begin(), w.end(), "void") != w.end()) base = "void";
    else if (std::find(w.begin(), w.end(), "string") != w.end()) base = "string";
    else base = "int";
    if (is_unsigned) return "unsigned " + base;
    if (base == "char" && std::find(words.begin(), words.end(), "signed") != words.end())
        return "signed char";
    return base;
}

uint64_t align_up(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

// A struct, union or enum named but never defined (nor found in the kernel's types): DTrace
// refuses objects and members of such a type (D_DECL_INCOMPLETE), pointers to it are fine.
bool is_incomplete(const Type* t) {
    return (t->is_record() || t->kind == TypeKind::Enum) && !t->complete;
}

}  // namespace

const Type* Checker::base_type(const DeclSpecs& specs) {
    const BaseType& b = specs.base;
    // A type scoped by its module (D`s: the program's own; vmlinux`T, mod`T: the kernel's) is
    // looked up by its name: D's types, then the kernel's, whatever module holds them.
    const std::string name = b.name.substr(b.name.rfind('`') + 1);
    switch (b.kind) {
        case BaseType::Kind::Keywords: {
            std::string name = joined(b.words);
            if (name == "void") return types.void_type();
            if (name == "string") return types.string_type();
            return types.int_named(name);
        }
        case BaseType::Kind::Named: {
            if (const Type* t = types.lookup_typedef(name)) return t;
            error("D_TYPE_ERR", b.range, "failed to resolve type " + b.name);
        }
        case BaseType::Kind::Struct:
        case BaseType::Kind::Union: {
            TypeKind kind = b.kind == BaseType::Kind::Struct ? TypeKind::Struct : TypeKind::Union;
            if (!b.record) {
                if (const Type* t = types.lookup_tag(kind, name)) return t;
                return types.declare_tag(kind, name);
            }
            Type* t = types.declare_tag(kind, name);
            // The consumer checks a program again when it is enabled: its own definitions
            // are not redeclarations.
            if (t->complete && t->origin == b.record.get()) {
                // Checked again: the enumerators an enum defined inside it declares are this
                // checker's names too (an enum inside a union).
                for (const auto& m : b.record->members)
                    if (m.specs.base.enumeration || m.specs.base.record) base_type(m.specs);
                return t;
            }
            if (t->complete && !t->members.empty())
                error("D_DECL_TYPERED", b.range, "type redeclared: " + t->name);
            t->origin = b.record.get();
            uint64_t offset_bits = 0, size = 0;
            uint32_t align = 1;
            for (const auto& m : b.record->members) {
                const Type* mt_base = base_type(m.specs);
                for (const auto& d : m.declarators) {
                    const Type* mt = type_of(m.specs, d);
                    (void)mt_base;
                    if (is_incomplete(mt))
                        error("D_DECL_INCOMPLETE", SourceRange{m.range.end, m.range.end},
                              "incomplete struct/union/enum " + mt->name + ": " + d.name);
                    Member mem;
                    mem.name = d.name;
                    mem.type = mt;
                    if (d.bitfield) {
                        auto w = frontend::fold_integer_constant(*d.bitfield);
                        mem.bitfield_bits = static_cast<uint32_t>(w.value_or(1));
                        uint64_t unit = mt->size * 8;
                        // A bit-field never straddles a unit of its type.
                        if (kind == TypeKind::Struct) {
                            if (offset_bits / unit != (offset_bits + mem.bitfield_bits - 1) / unit)
                                offset_bits = align_up(offset_bits, unit);
                            mem.offset_bits = offset_bits;
                            offset_bits += mem.bitfield_bits;
                        }
                        size = std::max(size, align_up((mem.offset_bits + mem.bitfield_bits + 7) / 8, mt->size));
                    } else {
                        if (kind == TypeKind::Struct) {
                            offset_bits = align_up(offset_bits, uint64_t{mt->align} * 8);
                            mem.offset_bits = offset_bits;
                            offset_bits += mt->size * 8;
                        }
                        size = std::max(size, mem.offset_bits / 8 + mt->size);
                    }
                    align = std::max(align, mt->align);
                    if (!d.name.empty() && t->member(d.name))
                        error("D_DECL_MEMDUP", d.name_range,
                              "structure or union member " + d.name + " is already defined");
                    t->members.push_back(std::move(mem));
                }
            }
            t->align = align;
            t->size = align_up(std::max(size, (offset_bits + 7) / 8), align);
            t->complete = true;
            return t;
        }
        case BaseType::Kind::Enum: {
            if (!b.enumeration) {
                if (const Type* t = types.lookup_tag(TypeKind::Enum, name)) return t;
                return types.declare_tag(TypeKind::Enum, name);
            }
            Type* t = types.declare_tag(TypeKind::Enum, name);
            if (t->complete && t->origin == b.enumeration.get()) {
                for (const auto& [name, value] : t->enumerators) enumerators[name] = {value, t};
                return t;
            }
            t->origin = b.enumeration.get();
            int64_t next = 0;
            for (const auto& e : b.enumeration->enumerators) {
                if (e.value) {
                    NodePtr v = expr(*e.value);
                    if (v->kind != NodeKind::Int)
                        error("D_DECL_ENCONST", e.range,
                              "enumerator '" + e.name + "' must be assigned to an integral constant expression");
                    next = static_cast<int64_t>(v->value);
                }
                if (enumerators.count(e.name))
                    error("D_DECL_IDRED", e.range, "identifier redeclared: " + e.name);
                t->enumerators.emplace_back(e.name, next);
                enumerators[e.name] = {next, t};
                ++next;
            }
            t->complete = true;
            return t;
        }
    }
    return types.void_type();
}

const Type* Checker::type_of(const DeclSpecs& specs, const Declarator& d) {
    const Type* t = base_type(specs);
    if (!t) error("D_TYPE_ERR", specs.range, "invalid type");
    if (specs.quals & QualUserland) {
        // userland applies to the pointers of the declaration.
    }
    // Apply the declarator from the outside in: the last op applies first to the base.
    for (auto it = d.ops.rbegin(); it != d.ops.rend(); ++it) {
        switch (it->kind) {
            case DeclaratorOp::Kind::Pointer:
                t = types.pointer_to(t, (specs.quals & QualUserland) ? AddrSpace::User : AddrSpace::Kernel);
                break;
            case DeclaratorOp::Kind::Array: {
                if (it->assoc) return t;  // associative arrays: the value type (issue 5)
                uint64_t n = 0;
                if (it->size) n = static_cast<uint64_t>(frontend::fold_integer_constant(*it->size).value_or(0));
                t = types.array_of(t, n);
                break;
            }
            case DeclaratorOp::Kind::Function: {
                std::vector<const Type*> params;
                for (const auto& p : it->params) {
                    const Type* pt = type_of(p.specs, p.decl);
                    if (!pt->is_void()) params.push_back(pt);
                }
                t = types.function_type(t, params, it->varargs);
                break;
            }
        }
    }
    return t;
}

void Checker::declaration(const Declaration& d) {
    if (d.declarators.empty()) {
        base_type(d.specs);  // struct/union/enum definitions
        return;
    }
    for (const auto& decl : d.declarators) {
        const Type* t = type_of(d.specs, decl);
        if (d.specs.storage != Storage::Typedef && d.specs.storage != Storage::Extern && is_incomplete(t))
            error("D_DECL_INCOMPLETE", decl.name_range, "incomplete struct/union/enum " + t->name + ": " + decl.name);
        // `T a[K...]` declares an associative array of T keyed by K... (the declarator's
        // outermost step is the key list).
        bool assoc = !decl.ops.empty() && decl.ops.front().kind == DeclaratorOp::Kind::Array && decl.ops.front().assoc;
        if (assoc && d.specs.storage != Storage::Typedef && d.specs.storage != Storage::This &&
            d.specs.storage != Storage::Extern) {
            declare_dynamic(d.specs.storage == Storage::Self, decl, t);
            continue;
        }
        switch (d.specs.storage) {
            case Storage::Typedef:
                types.add_typedef(decl.name, t);
                break;
            case Storage::Self:
                // Each declared self-> variable is a dynamic variable of its own.
                declare_dynamic(true, decl, t);
                break;
            case Storage::This:
                variable(Variable::Scope::Clause, decl.name, t, decl.name_range);
                break;
            case Storage::Extern:
                break;  // kernel symbols are resolved when used
            default:
                // A function prototype declares a kernel function, as an extern does (the front
                // end has checked it): it makes no D variable.
                if (t->kind == TypeKind::Function) break;
                variable(Variable::Scope::Global, decl.name, t, decl.name_range);
                break;
        }
    }
}

// A declared dynamic variable: self->x (thread), a[K...] or self->a[K...] (assoc, with the key
// types the declaration gives, which uses must then agree with).
void Checker::declare_dynamic(bool thread, const Declarator& decl, const Type* t) {
    bool assoc = !decl.ops.empty() && decl.ops.front().kind == DeclaratorOp::Kind::Array && decl.ops.front().assoc;
    bool fresh = !(thread ? thread_vars : globals).count(decl.name);
    Variable* v = dynamic_variable(thread, assoc, decl.name, t, decl.name_range);
    if (!fresh || !assoc) return;
    for (const auto& p : decl.ops.front().params) {
        const Type* kt = type_of(p.specs, p.decl);
        if (!kt->is_void()) v->keys.push_back(kt);
    }
    v->keys_declared = true;
}

void Checker::inline_def(const InlineDef& d, bool library) {
    if (inlines.count(d.decl.name) || globals.count(d.decl.name))
        error("D_DECL_IDRED", d.decl.name_range, "identifier redeclared: " + d.decl.name);
    // DTrace cooks a program's inline where it is defined (dt_node_inline): its names must
    // resolve then (the inline itself is not one of them yet) and its value must fit its type.
    // The library's are checked when first used; a parameterised inline when it is expanded.
    bool parameterised = !d.decl.ops.empty() && d.decl.ops.front().assoc;
    if (!library && !parameterised) {
        const Type* t = type_of(d.specs, d.decl);
        NodePtr v = rvalue(*d.value);
        bool zero = v->kind == NodeKind::Int && v->value == 0;
        if (!v->xlator && !(assignable(t, v->type) && (!t->is_pointer() || v->type->is_pointer() || zero)))
            error("D_OP_INCOMPAT", SourceRange{d.range.end, d.range.end},
                  "inline " + d.decl.name + " definition uses incompatible types: \"" + t->name + "\" = \"" +
                      v->type->name + "\"");
    }
    inlines[d.decl.name] = &d;
}

std::vector<EnabledProbe> Checker::match_probes(const ast::Clause& c) {
    std::vector<EnabledProbe> out;
    std::unordered_map<uint32_t, uint32_t> matched;  // by probe id: how often matched so far
    for (const auto& pd : c.probes) {
        std::vector<const probes::Probe*> found;
        if (pd.id) {
            // DTrace turns an id into its probe while parsing (dt_node_pdesc_by_id), so an id
            // no probe has is an invalid description even with -Z.
            if (const probes::Probe* p = registry.by_id(static_cast<uint32_t>(*pd.id))) found.push_back(p);
            else
                error("D_PDESC_INVAL", pd.range, "invalid probe identifier " + std::to_string(*pd.id) +
                                                     ": Unknown probe identifier");
        } else {
            found = registry.match({pd.provider, pd.module, pd.function, pd.name});
            // A provider says why a description matches nothing: an error (the pid provider's
            // lookups), or a warning when it has no probes at all (fbt where fentry is refused),
            // which -Z lets be.
            // A warning beside probes found says what enabling them costs (a system-wide pid
            // description on many functions).
            if (auto why = registry.take_error(); found.empty() && why) {
                if (why->severity == Severity::Error || !opts.zdefs) error(why->tag, pd.range, why->message);
                diags.warning(why->tag, pd.range, why->message);
            } else if (why && why->severity == Severity::Warning) {
                diags.warning(why->tag, pd.range, why->message);
            }
            if (found.empty() && !opts.zdefs) {
                // DTrace's words, and the probe a near description names when there is one.
                auto near = registry.near_match({pd.provider, pd.module, pd.function, pd.name});
                error("D_PDESC_ZERO", pd.range,
                      "probe description " + pd.provider + ":" + pd.module + ":" + pd.function + ":" +
                          pd.name + " does not match any probes" + (near ? " (did you mean " + *near + "?)" : ""));
            }
        }
        out.reserve(out.size() + found.size());
        for (const probes::Probe* p : found)
            out.push_back(
                {p->id, p->provider, p->module, p->function, p->name, matched[p->id]++, p});
    }
    return out;
}

void Checker::args_unstable(SourceRange r) {
    error("D_ARGS_MULTI", r,
          "args[ ] may not be referenced because probe description " + clause_desc + " matches an unstable set of probes");
}

void Checker::args_out_of_range(uint64_t index, SourceRange r) {
    error("D_ARGS_IDX", r, "index " + std::to_string(index) + " is out of range for " + clause_desc + " args[ ]");
}

void Checker::clause(const ast::Clause& c, uint32_t index) {
    sema::Clause out;
    out.index = index;
    out.range = c.range;
    out.probes = match_probes(c);
    clause_probes = &out.probes;
    clause_desc.clear();
    if (!c.probes.empty()) {
        const auto& pd = c.probes.front();
        const probes::Probe* byid = pd.id ? registry.by_id(static_cast<uint32_t>(*pd.id)) : nullptr;
        clause_desc = byid ? byid->full_name() : pd.provider + ":" + pd.module + ":" + pd.function + ":" + pd.name;
    }
    for (const auto& pd : c.probes) {
        probes::Description d{pd.provider, pd.module, pd.function, pd.name};
        if (!pd.id && registry.dynamic(d)) out.dynamic_descriptions.push_back(std::move(d));
    }
    prog->matched_probes += static_cast<uint32_t>(out.probes.size());
    action_index = 0;
    spec_acts.clear();
    // DTrace cooks a clause's actions before its predicate (dt_cook_clause): a variable first
    // assigned in the body may be read in the predicate. When the actions name a variable not
    // yet known, the predicate is cooked first and the actions again: a variable the predicate
    // declares (`/i++ < 10/`, `/(this->a = epid)/`) is then known to them.
    out.has_body = c.has_body;
    bool again = false;
    if (c.predicate) {
        hold_errors = true;
        try {
            out.body = statements(c.body);
            hold_errors = false;
        } catch (const CheckAbort&) {
            hold_errors = false;
            if (!held || (held->tag != "D_IDENT_UNDEF" && held->tag != "D_VAR_UNDEF")) {
                if (held) diags.add(*held);
                held.reset();
                throw;
            }
            held.reset();
            again = true;
        }
    } else {
        out.body = statements(c.body);
    }
    if (c.predicate) {
        out.predicate = rvalue(*c.predicate);
        // Reported where DTrace's clause node is, at the end of the clause (dt_cook_clause).
        if (!out.predicate->type->is_scalar())
            error("D_PRED_SCALAR", SourceRange{c.range.end, c.range.end}, "predicate result must be of scalar type");
    }
    if (again) {
        action_index = 0;
        spec_acts.clear();
        out.body = statements(c.body);
    }
    materialize_xlate(out.body);
    materialize_xlate(out.predicate);
    check_no_action_values(out.predicate.get(), out.body);
    clause_probes = nullptr;
    prog->clauses.push_back(std::move(out));
}

std::unique_ptr<TypedProgram> analyze(const Program& program, TypeTable& types,
                                      probes::Registry& registry, const SemaOptions& opts,
                                      DiagnosticList& diags) {
    Checker checker(types, registry, opts, diags);
    return checker.run({&program});
}

std::unique_ptr<TypedProgram> analyze(const std::vector<const ast::Program*>& programs, TypeTable& types,
                                      probes::Registry& registry, const SemaOptions& opts,
                                      DiagnosticList& diags) {
    Checker checker(types, registry, opts, diags);
    return checker.run(programs);
}

bool is_type_name(TypeTable& types, const std::string& name) {
    return types.lookup_typedef(name) != nullptr;
}

}  // namespace bdtrace::sema
