// The actions on whole aggregations, all carried out by the consumer when it reaches the record:
// printa([format, ] @a[, @b ...]), clear(@a), trunc(@a[, n]), normalize(@a, n), denormalize(@a),
// and setopt(option[, value]), which changes a dynamic option while tracing.
#include "formats/printf_format.h"
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

std::string plural_s(size_t n) { return n == 1 ? "" : "s"; }

// Two key types agree when they are both strings, both integers or both pointers, as the
// aggregation signature check in check_agg.cpp has it.
bool keys_compatible(const Type* a, const Type* b) {
    bool as = a->is_string() || a->kind == TypeKind::Array, bs = b->is_string() || b->kind == TypeKind::Array;
    return as == bs && a->is_integer() == b->is_integer() && a->is_pointer() == b->is_pointer() &&
           a->is_stack == b->is_stack;
}

}  // namespace

std::unique_ptr<Action> Checker::aggregation_action(const ast::Expr& call) {
    const std::string& name = call.lhs->text;
    if (name == "printa") return printa(call);
    if (name == "clear") return one_aggregation_action(call, ActionKind::Clear);
    if (name == "trunc") return one_aggregation_action(call, ActionKind::Trunc);
    if (name == "normalize") return one_aggregation_action(call, ActionKind::Normalize);
    if (name == "denormalize") return one_aggregation_action(call, ActionKind::Denormalize);
    if (name == "setopt") return setopt(call);
    return nullptr;
}

// The id of the aggregation `e` names, 0 if it names none.
uint32_t Checker::aggregation_id(const ast::Expr& e) {
    if (e.kind != ast::ExprKind::Agg) return 0;
    for (const auto& agg : prog->aggregations)
        if (agg->name == e.text) return agg->id;
    return 0;
}

// printa([format, ] @a, ...): with several aggregations their rows are joined on the key, so
// their key signatures must agree.
std::unique_ptr<Action> Checker::printa(const ast::Expr& call) {
    auto a = std::make_unique<Action>();
    a->kind = ActionKind::Printa;
    a->range = call.range;
    a->index = action_index++;
    size_t first = 0;
    if (!call.args.empty() && call.args[0]->kind == ast::ExprKind::String) {
        a->format = call.args[0]->text;
        first = 1;
    }
    // "void(@, ...)": no argument at all is a prototype mismatch; a format alone is printa()'s
    // own (dt_action_printa), which always says "args".
    if (call.args.empty())
        error("D_PROTO_LEN", call.range, "printa( ) prototype mismatch: 0 args passed, 1 expected");
    if (call.args.size() <= first)
        error("D_PRINTA_PROTO", call.range, "printa( ) prototype mismatch: " + std::to_string(call.args.size()) +
                                                " args passed, " + std::to_string(first + 1) + " expected");
    for (size_t i = first; i < call.args.size(); ++i) {
        const ast::Expr& arg = *call.args[i];
        uint32_t id = aggregation_id(arg);
        if (!id) {
            if (arg.kind == ast::ExprKind::Agg)
                error("D_IDENT_UNDEF", arg.range, "failed to resolve " + arg.text + ": Unknown variable name");
            error("D_PRINTA_AGGARG", arg.range, "printa( ) argument #" + std::to_string(i + 1) +
                                                    " is incompatible with prototype:\n\tprototype: aggregation\n\t argument: " +
                                                    rvalue(arg)->type->name);
        }
        a->aggs.push_back(id);
    }
    const Aggregation& lead = *prog->aggregations[a->aggs[0] - 1];
    for (size_t i = 1; i < a->aggs.size(); ++i) {
        const Aggregation& other = *prog->aggregations[a->aggs[i] - 1];
        std::string l = lead.name.substr(1), r = other.name.substr(1);
        if (lead.keys.size() != other.keys.size())
            error("D_PRINTA_AGGKEY", call.range,
                  "printa( ): @" + l + " and @" + r + " do not have matching key signatures: @" + l + " has " +
                      std::to_string(lead.keys.size()) + " key" + plural_s(lead.keys.size()) + ", @" + r + " has " +
                      std::to_string(other.keys.size()) + " key" + plural_s(other.keys.size()));
        for (size_t k = 0; k < lead.keys.size(); ++k) {
            if (keys_compatible(lead.keys[k], other.keys[k])) continue;
            char lbuf[64], rbuf[64];
            std::snprintf(lbuf, sizeof lbuf, "%9s", l.c_str());
            std::snprintf(rbuf, sizeof rbuf, "%9s", r.c_str());
            std::string n = std::to_string(k + 1);
            error("D_PRINTA_AGGPROTO", call.range,
                  "printa( ): @" + r + "[ ] key #" + n + " is incompatible with @" + l + ":\n" + lbuf + " key #" + n +
                      ": " + lead.keys[k]->name + "\n" + rbuf + " key #" + n + ": " + other.keys[k]->name);
        }
    }
    if (first == 1) {
        auto parsed = formats::parse_format(a->format);
        if (!parsed.format) error(parsed.error->tag, call.range, parsed.error->message);
        // The conversions take the keys in order, %@ the value (dt_printf_validate).
        std::vector<formats::ArgType> keys;
        for (const Type* k : lead.keys) keys.push_back(printf_arg_type(k));
        formats::PrintfCheckOptions po;
        po.function = "printa";
        po.have_target = opts.have_target;
        po.aggregation = true;
        po.exact_length = false;
        po.agg_is_count = lead.func == AggFunc::Count;
        if (auto d = formats::check_printf_args(*parsed.format, keys, po)) error(d->tag, call.range, d->message);
    }
    return a;
}

// clear(@a), trunc(@a[, n]), normalize(@a, n), denormalize(@a).
std::unique_ptr<Action> Checker::one_aggregation_action(const ast::Expr& call, ActionKind kind) {
    const char* name = kind == ActionKind::Clear ? "clear" : kind == ActionKind::Trunc ? "trunc"
                       : kind == ActionKind::Normalize ? "normalize" : "denormalize";
    size_t min = kind == ActionKind::Normalize ? 2 : 1;
    size_t max = kind == ActionKind::Trunc || kind == ActionKind::Normalize ? 2 : 1;
    size_t n = call.args.size();
    if ((kind == ActionKind::Normalize || kind == ActionKind::Denormalize) && n != min) {
        // dt_cc.c counts these itself (the prototype is "..."), and always says "args".
        error("D_NORMALIZE_PROTO", call.range, std::string(name) + "( ) prototype mismatch: " + std::to_string(n) +
                                                   " args passed, " + std::to_string(min) + " expected");
    }
    if (n < min || n > max) {
        std::string expected = min == max ? std::to_string(min) : std::to_string(min) + " to " + std::to_string(max);
        error("D_PROTO_LEN", call.range, std::string(name) + "( ) prototype mismatch: " + std::to_string(n) + " arg" +
                                             plural_s(n) + " passed, " + expected + " expected");
    }
    Tag tag = kind == ActionKind::Clear   ? Tag("D_CLEAR_AGGARG")
              : kind == ActionKind::Trunc ? Tag("D_TRUNC_AGGARG")
                                          : Tag("D_NORMALIZE_AGGARG");
    if (call.args[0]->kind != ast::ExprKind::Agg)
        error(tag, call.args[0]->range, std::string(name) + "( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: " +
                                            rvalue(*call.args[0])->type->name);
    auto a = std::make_unique<Action>();
    a->kind = kind;
    a->range = call.range;
    a->index = action_index++;
    uint32_t id = aggregation_id(*call.args[0]);
    if (!id) error("D_IDENT_UNDEF", call.args[0]->range, "failed to resolve " + call.args[0]->text + ": Unknown variable name");
    a->aggs.push_back(id);
    if (kind == ActionKind::Trunc && n == 2) {
        NodePtr k = rvalue(*call.args[1]);
        if (!k->type->is_scalar() || is_aggregation_ref(*k))
            error("D_TRUNC_SCALAR", call.range, "trunc( ) argument #2 must be of scalar type");
        if (k->kind != NodeKind::Int)
            error("D_TRUNC_SCALAR", call.args[1]->range, "trunc( ) argument #2 must be an integer constant");
        a->keep = static_cast<int64_t>(k->value);
    }
    if (kind == ActionKind::Normalize) {
        // The divisor is evaluated when the probe fires: normalize(@, (timestamp - start) / 1000000000).
        NodePtr d = rvalue(*call.args[1]);
        if (!d->type->is_scalar())
            error("D_NORMALIZE_SCALAR", call.args[1]->range, "normalize( ) argument #2 must be of scalar type");
        a->args.push_back(std::move(d));
    }
    return a;
}

// setopt(option[, value]): both strings, recorded; the consumer sets the option when it reaches
// the record and reports a failure the way DTrace does.
std::unique_ptr<Action> Checker::setopt(const ast::Expr& call) {
    size_t n = call.args.size();
    if (n < 1 || n > 2)
        // A prototype with an optional argument names only the required count, as dt_ident.c does.
        error("D_PROTO_LEN", call.range, "setopt( ) prototype mismatch: " + std::to_string(n) + " arg" + plural_s(n) +
                                             " passed, at least 1 expected");
    auto a = std::make_unique<Action>();
    a->kind = ActionKind::Setopt;
    a->range = call.range;
    a->index = action_index++;
    for (size_t i = 0; i < n; ++i) {
        NodePtr v = rvalue(*call.args[i]);
        if (!v->type->is_string())
            error("D_PROTO_ARG", call.args[i]->range, "setopt( ) argument #" + std::to_string(i + 1) +
                                                          " is incompatible with prototype:\n\tprototype: char *\n\t argument: " +
                                                          v->type->name);
        a->args.push_back(std::move(v));
    }
    return a;
}

}  // namespace bdtrace::sema
