// Aggregations: @name[keys] = func(args). The first use fixes an aggregation's function and key
// signature; later uses must agree, as DTrace requires.
#include "formats/agg_buckets.h"
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

struct AggFuncDef {
    const char* name;
    AggFunc func;
    size_t min_args, max_args;
};

constexpr AggFuncDef kAggFuncs[] = {
    {"count", AggFunc::Count, 0, 0},         {"sum", AggFunc::Sum, 1, 1},
    {"min", AggFunc::Min, 1, 1},             {"max", AggFunc::Max, 1, 1},
    {"avg", AggFunc::Avg, 1, 1},             {"stddev", AggFunc::Stddev, 1, 1},
    {"quantize", AggFunc::Quantize, 1, 2},   {"lquantize", AggFunc::Lquantize, 3, 5},
    {"llquantize", AggFunc::Llquantize, 5, 6},
};

// llquantize()'s parameters as dt_cc.c names them, with the tag for a non-constant one.
struct LlquantizeArg {
    const char* name;
    Tag type_tag;
};

constexpr LlquantizeArg kLlquantizeArgs[4] = {
    {"factor", "D_LLQUANT_FACTORTYPE"},
    {"low magnitude", "D_LLQUANT_LOWTYPE"},
    {"high magnitude", "D_LLQUANT_HIGHTYPE"},
    {"linear steps per magnitude", "D_LLQUANT_NSTEPTYPE"},
};

const AggFuncDef* find_agg_func(const std::string& name) {
    for (const auto& d : kAggFuncs)
        if (name == d.name) return &d;
    return nullptr;
}

}  // namespace

bool Checker::is_aggregation(const ast::Expr& e) {
    if (e.kind != ast::ExprKind::Binary || e.binary_op != ast::BinaryOp::Assign) return false;
    const ast::Expr& lhs = *e.lhs;
    const ast::Expr* base = &lhs;
    while (base->kind == ast::ExprKind::Index) base = base->lhs.get();  // @a[1][2]: refused below
    return base->kind == ast::ExprKind::Agg;
}

StmtPtr Checker::aggregation(const ast::Expr& e) {
    const ast::Expr& lhs = *e.lhs;
    const ast::Expr& agg_e = lhs.kind == ast::ExprKind::Agg ? lhs : *lhs.lhs;
    if (agg_e.kind != ast::ExprKind::Agg) {
        const ast::Expr* base = &lhs;
        while (base->kind == ast::ExprKind::Index) base = base->lhs.get();
        error("D_AGG_MDIM", e.range, "improper attempt to reference " + base->text + " as a multi-dimensional array");
    }
    std::string name = agg_e.text;
    std::string bare = name.substr(1);
    const ast::Expr& rhs = *e.rhs;
    const AggFuncDef* def = nullptr;
    if (rhs.kind == ast::ExprKind::Call && rhs.lhs->kind == ast::ExprKind::Ident) def = find_agg_func(rhs.lhs->text);
    if (!def) error("D_AGG_FUNC", e.range, name + " must be assigned the result of an aggregating function");
    size_t n = rhs.args.size();
    auto args_passed = [&] {
        return std::string(def->name) + "( ) prototype mismatch: " + std::to_string(n) + (n == 1 ? " arg" : " args") +
               " passed, ";
    };
    // The prototype wants min_args, or at least min_args for the functions that take an increment
    // ("..."); dt_cc.c refuses more than max_args once the parameters are checked (below).
    bool varargs = def->max_args > def->min_args;
    if (n < def->min_args || (!varargs && n != def->min_args))
        error("D_PROTO_LEN", rhs.range, args_passed() + std::to_string(def->min_args) + " expected");

    auto upd = std::make_unique<AggUpdate>();
    if (lhs.kind == ast::ExprKind::Index)
        for (const auto& k : lhs.args) upd->keys.push_back(rvalue(*k));
    for (size_t i = 0; i < upd->keys.size(); ++i) {
        const Node& k = *upd->keys[i];
        if (k.type->is_void() || is_aggregation_ref(k))
            error("D_KEY_TYPE", k.range, std::string(k.type->is_void() ? "void" : "aggregation") +
                                             " expression may not be used as aggregation index: key #" +
                                             std::to_string(i + 1));
    }
    for (const auto& k : upd->keys)
        if (!k->type->is_scalar() && !k->type->is_string() && !k->type->is_stack &&
            !(k->type->kind == TypeKind::Array && k->type->target && k->type->target->is_char()))
            error("D_KEY_TYPE", k->range, "aggregation key types must be scalars or strings: " + k->type->name);
    if (n >= 1) {
        upd->value = rvalue(*rhs.args[0]);
        if (!upd->value->type->is_scalar())
            error("D_AGG_SCALAR", rhs.args[0]->range, std::string(def->name) + "( ) argument #1 must be of scalar type");
    }

    int64_t base = 0, step = 1, levels = 0;
    // lquantize()'s parameters, numbered from the base as dt_cc.c numbers them.
    auto constant = [&](size_t i) -> int64_t {
        NodePtr c = rvalue(*rhs.args[i]);
        if (c->kind != NodeKind::Int) {
            static constexpr Tag tags[] = {"D_LQUANT_BASETYPE", "D_LQUANT_LIMTYPE", "D_LQUANT_STEPTYPE"};
            error(tags[i - 1], rhs.args[i]->range,
                  std::string(def->name) + "( ) argument #" + std::to_string(i) +
                      (i == 3 ? " must be a non-zero positive integer constant" : " must be an integer constant"));
        }
        return static_cast<int64_t>(c->value);
    };
    if (def->func == AggFunc::Quantize && n >= 2) upd->increment = rvalue(*rhs.args[1]);
    if (def->func == AggFunc::Lquantize) {
        int64_t low = constant(1), high = constant(2);
        int64_t st = n >= 4 ? constant(3) : 1;
        formats::LquantizeParams lp;
        if (auto err = formats::check_lquantize(low, high, st, &lp)) error(err->tag, rhs.range, err->message);
        base = lp.base;
        step = lp.step;
        levels = lp.levels;
        if (n >= 5) upd->increment = rvalue(*rhs.args[4]);
    }
    formats::LlquantizeParams llq;
    if (def->func == AggFunc::Llquantize) {
        // dt_cc.c checks each argument's kind and then its range before the next argument.
        int64_t raw[4] = {0, 0, 0, 0};
        for (size_t i = 0; i < 4; ++i) {
            NodePtr c = rvalue(*rhs.args[i + 1]);
            if (c->kind != NodeKind::Int)
                error(kLlquantizeArgs[i].type_tag, rhs.args[i + 1]->range,
                      "llquantize( ) argument #" + std::to_string(i + 1) + " (" + kLlquantizeArgs[i].name +
                          ") must be an integer constant");
            raw[i] = static_cast<int64_t>(c->value);
            // Out of range: check_llquantize words it (the arguments not yet read are zeros).
            if (static_cast<uint64_t>(raw[i]) > 0xffff)
                if (auto err = formats::check_llquantize(raw[0], raw[1], raw[2], raw[3], nullptr))
                    error(err->tag, rhs.args[i + 1]->range, err->message);
        }
        if (auto err = formats::check_llquantize(raw[0], raw[1], raw[2], raw[3], &llq))
            error(err->tag, rhs.range, err->message);
        if (n >= 6) upd->increment = rvalue(*rhs.args[5]);
    }
    // The increment (the last argument of quantize(), lquantize() and llquantize()) is added to a
    // bucket, so dt_cc.c wants a scalar.
    if (upd->increment && !upd->increment->type->is_scalar())
        error("D_PROTO_ARG", rhs.range, std::string(def->name) + "( ) increment value (argument #" +
                                            std::to_string(def->max_args) + ") must be of scalar type");
    if (n > def->max_args)
        error("D_PROTO_LEN", rhs.args[def->max_args - 1]->range,
              args_passed() + "at most " + std::to_string(def->max_args) + " expected");

    Aggregation* agg = nullptr;
    for (auto& a : prog->aggregations)
        if (a->name == name) agg = a.get();
    if (!agg) {
        auto fresh = std::make_unique<Aggregation>();
        fresh->id = static_cast<uint32_t>(prog->aggregations.size() + 1);
        fresh->name = name;
        fresh->func = def->func;
        for (const auto& k : upd->keys) fresh->keys.push_back(k->type);
        fresh->base = base;
        fresh->step = step;
        fresh->levels = levels;
        fresh->llquantize = llq;
        fresh->first = e.range;
        agg = fresh.get();
        prog->aggregations.push_back(std::move(fresh));
    } else {
        if (agg->func != def->func) {
            const char* prev = "";
            for (const auto& d : kAggFuncs)
                if (d.func == agg->func) prev = d.name;
            error("D_AGG_REDEF", e.range, "aggregation redefined: @" + bare + "\n\t current: @" + bare + " = " +
                                              def->name + "( )\n\tprevious: @" + bare + " = " + prev +
                                              "( ) : line " + std::to_string(agg->first.begin.line));
        }
        // The key signature, checked as DTrace checks a prototype.
        size_t want = agg->keys.size(), got = upd->keys.size();
        if (want != got)
            error("D_PROTO_LEN", lhs.range, "@" + bare + "[ ] prototype mismatch: " + std::to_string(got) +
                                                (got == 1 ? " key" : " keys") + " passed, " + std::to_string(want) + " expected");
        for (size_t i = 0; i < want; ++i) {
            const Type* a = agg->keys[i];
            const Type* b = upd->keys[i]->type;
            bool ok = (a->is_string() || a->kind == TypeKind::Array) == (b->is_string() || b->kind == TypeKind::Array) &&
                      (a->is_integer() == b->is_integer()) && (a->is_pointer() == b->is_pointer());
            if (!ok)
                error("D_PROTO_ARG", upd->keys[i]->range, "@" + bare + "[ ] key #" + std::to_string(i + 1) +
                      " is incompatible with prototype:\n\tprototype: " + a->name + "\n\t      key: " + b->name);
        }
        if (def->func == AggFunc::Lquantize) {
            formats::LquantizeParams prev{static_cast<int32_t>(agg->base), static_cast<uint16_t>(agg->step),
                                         static_cast<uint16_t>(agg->levels)};
            formats::LquantizeParams cur{static_cast<int32_t>(base), static_cast<uint16_t>(step), static_cast<uint16_t>(levels)};
            if (auto err = formats::match_lquantize(prev, cur)) error(err->tag, rhs.range, err->message);
        }
        if (def->func == AggFunc::Llquantize)
            if (auto err = formats::match_llquantize(agg->llquantize, llq)) error(err->tag, rhs.range, err->message);
    }
    upd->agg = agg;
    auto s = std::make_unique<Stmt>();
    s->kind = Stmt::Kind::Aggregate;
    s->range = e.range;
    s->agg = std::move(upd);
    return s;
}

}  // namespace bdtrace::sema
