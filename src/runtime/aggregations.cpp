// Printing aggregations: at exit (every aggregation printa() has not printed) and for printa(),
// with one or several aggregations joined on their keys.
#include "runtime/aggregations.h"

#include <algorithm>
#include <cstring>

#include "formats/agg_buckets.h"
#include "output/agg_format.h"
#include "output/agg_pack.h"
#include "output/json.h"
#include "output/value.h"
#include "runtime/agg_sort.h"
#include "runtime/agg_user_keys.h"
#include "runtime/stack_frames.h"
#include "runtime/user_stack.h"

namespace bdtrace::runtime {

using sema::AggFunc;

namespace {

uint64_t normal_of(const AggRow& r, const AggNormals& normals) {
    auto it = normals.find(r.key);
    return it == normals.end() || it->second == 0 ? 1 : it->second;
}

std::vector<output::Value> key_values(const AggRow& r, const codegen::AggDesc& d, const output::FormatContext& ctx) {
    std::vector<output::Value> keys;
    for (const auto& k : d.keys) {
        if (k.kind == codegen::Field::Kind::UStack) {
            keys.push_back(user_stack_value(k, r.key.data() + k.offset, ctx));
        } else if (k.kind == codegen::Field::Kind::USym) {
            keys.push_back(user_symbol_value(k, r.key.data() + k.offset, ctx));
        } else if (k.kind == codegen::Field::Kind::Stack) {
            keys.push_back(kernel_stack_value(r.key.data() + k.offset, k.size, ctx.kernel_addr));
        } else if (k.kind == codegen::Field::Kind::String) {
            const char* s = reinterpret_cast<const char*>(r.key.data() + k.offset);
            keys.push_back(output::Value::string(std::string_view(s, strnlen(s, k.size)), k.size));
        } else {
            uint64_t v;
            std::memcpy(&v, r.key.data() + k.offset, 8);
            keys.push_back(output::Value::integer(v, k.size ? k.size : 8, k.is_signed));
        }
    }
    return keys;
}

// The datum as the default format prints it: a scalar in 16 columns or a histogram block.
std::string datum_text(const std::vector<int64_t>& v, const codegen::AggDesc& d, uint64_t normal,
                       const AggPrintOptions& opts) {
    output::HistogramStyle style;
    style.zoom = opts.zoom;
    auto at = [&](size_t i) { return i < v.size() ? v[i] : 0; };
    switch (d.func) {
        case AggFunc::Avg: return output::format_agg_avg(static_cast<uint64_t>(at(0)), at(1), normal);
        case AggFunc::Stddev:
            return output::format_agg_stddev(static_cast<uint64_t>(at(0)), at(1), static_cast<uint64_t>(at(2)),
                                             static_cast<uint64_t>(at(3)), normal);
        case AggFunc::Quantize: return output::format_quantize(v, normal, style);
        case AggFunc::Lquantize: {
            formats::LquantizeParams p{static_cast<int32_t>(d.base), static_cast<uint16_t>(d.step),
                                      static_cast<uint16_t>(d.levels)};
            return output::format_lquantize(p, v, normal, style);
        }
        case AggFunc::Llquantize: return output::format_llquantize(d.llquantize, v, normal, style);
        default: return output::format_agg_scalar(at(0), normal);
    }
}

// The merged datum, then with -x aggpercpu each CPU's own (Oracle DTrace's layout).
std::string value_text(const AggRow& r, const codegen::AggDesc& d, uint64_t normal, const AggPrintOptions& opts) {
    std::string out = datum_text(r.value, d, normal, opts);
    if (opts.percpu)
        for (size_t cpu = 0; cpu < r.percpu.size(); ++cpu)
            out += "\n    [CPU " + std::to_string(cpu) + "]" + datum_text(r.percpu[cpu], d, normal, opts);
    return out;
}

// The value a %@ conversion prints.
output::Value printa_value(const AggRow& r, const codegen::AggDesc& d, uint64_t normal, const AggPrintOptions& opts) {
    auto at = [&](size_t i) { return i < r.value.size() ? r.value[i] : 0; };
    auto n = static_cast<int64_t>(normal);
    switch (d.func) {
        case AggFunc::Avg: {
            // DTrace's printa() divides the sum unsigned (its default printing does not).
            auto sum = static_cast<uint64_t>(at(1)), count = static_cast<uint64_t>(at(0));
            return output::Value::u64(count ? sum / normal / count : 0);
        }
        case AggFunc::Stddev:
            return output::Value::u64(output::agg_stddev(static_cast<uint64_t>(at(0)), at(1), static_cast<uint64_t>(at(2)),
                                                         static_cast<uint64_t>(at(3)), normal));
        case AggFunc::Quantize:
        case AggFunc::Lquantize:
        case AggFunc::Llquantize: {
            output::Value v;
            v.kind = output::Value::Kind::Verbatim;
            v.text = datum_text(r.value, d, normal, opts);
            return v;
        }
        default: return output::Value::i64(at(0) / n);
    }
}

int flip(int c, const AggPrintOptions& opts) { return opts.sortrev ? -c : c; }

// Two entries of one aggregation: value then key, or key then value with aggsortkey.
int compare_entries(const AggRow& a, const AggRow& b, const codegen::AggDesc& d, const AggPrintOptions& opts) {
    int c = opts.sortkey ? compare_keys(a, b, d, opts.sortkeypos) : compare_values(a, b, d);
    if (c == 0) c = opts.sortkey ? compare_values(a, b, d) : compare_keys(a, b, d, opts.sortkeypos);
    return c;
}

// aggpack applies to quantize() and lquantize() only, as in DTrace.
bool packs(const codegen::AggDesc& d, const AggPrintOptions& opts) {
    return opts.pack && (d.func == AggFunc::Quantize || d.func == AggFunc::Lquantize);
}

std::string packed_rows(std::span<const AggRow* const> rows, const codegen::AggDesc& d, const AggPrintOptions& opts,
                        const output::FormatContext& ctx) {
    std::vector<output::PackedRow> packed;
    for (const AggRow* r : rows) packed.push_back({key_values(*r, d, ctx), r->value});
    output::HistogramStyle style;
    style.pack = true;
    style.zoom = opts.zoom;
    style.utf8 = opts.utf8;
    if (d.func == AggFunc::Quantize) return output::format_quantize_packed_rows(packed, style);
    formats::LquantizeParams p{static_cast<int32_t>(d.base), static_cast<uint16_t>(d.step), static_cast<uint16_t>(d.levels)};
    return output::format_lquantize_packed_rows(p, packed, style);
}

}  // namespace

std::vector<output::Value> agg_key_values(const AggRow& row, const codegen::AggDesc& d,
                                          const output::FormatContext& ctx) {
    return key_values(row, d, ctx);
}

std::string format_aggregations(const std::vector<AggRow>& snapshot_rows, const codegen::ProgramSet& ps,
                                const AggPrintOptions& opts, const AggNormals& normals,
                                const std::set<uint32_t>& skip, const output::FormatContext& ctx) {
    std::vector<AggRow> merged;
    const std::vector<AggRow>& rows = merge_user_keys(snapshot_rows, ps, ctx, merged);
    std::vector<const AggRow*> all;
    for (const auto& r : rows)
        if (r.agg >= 1 && r.agg <= ps.aggregations.size() && !skip.count(r.agg)) all.push_back(&r);
    // One sort over every aggregation: by aggregation, then value and key (or key and value).
    std::sort(all.begin(), all.end(), [&](const AggRow* a, const AggRow* b) {
        int c = a->agg < b->agg ? -1 : a->agg > b->agg ? 1 : 0;
        if (c == 0) {
            c = compare_entries(*a, *b, ps.aggregations[a->agg - 1], opts);
        }
        return flip(c, opts) < 0;
    });
    std::string out;
    for (size_t i = 0; i < all.size();) {
        const codegen::AggDesc& d = ps.aggregations[all[i]->agg - 1];
        if (packs(d, opts)) {
            // -x aggpack: the rows of one aggregation share a header and a bucket range.
            size_t j = i;
            while (j < all.size() && all[j]->agg == all[i]->agg) ++j;
            out += packed_rows(std::span(all).subspan(i, j - i), d, opts, ctx);
            i = j;
            continue;
        }
        const AggRow* r = all[i++];
        out += output::format_agg_row(key_values(*r, d, ctx), value_text(*r, d, normal_of(*r, normals), opts));
    }
    return out;
}

namespace {

// One row of a printa(): the key (without the aggregation id) and, for each aggregation
// printed, its entry or null where the key has none.
struct Bundle {
    std::vector<uint8_t> key;
    std::vector<const AggRow*> entries;
};

}  // namespace

std::string format_printa(const std::vector<AggRow>& snapshot_rows, const codegen::ProgramSet& ps,
                          const std::vector<uint32_t>& aggs, const formats::CompiledFormat* format,
                          const output::FormatContext& ctx, const AggPrintOptions& opts,
                          const AggNormals& normals, bool* printed) {
    std::vector<AggRow> merged;
    const std::vector<AggRow>& rows = merge_user_keys(snapshot_rows, ps, ctx, merged);
    *printed = false;
    if (aggs.empty()) return "";
    for (uint32_t id : aggs)
        if (id == 0 || id > ps.aggregations.size()) return "";
    const size_t n = aggs.size();
    // Bundles: the union of the keys of every aggregation printed.
    std::map<std::vector<uint8_t>, Bundle> by_key;
    for (const auto& r : rows) {
        std::vector<uint8_t> tuple(r.key.begin() + std::min<size_t>(8, r.key.size()), r.key.end());
        for (size_t i = 0; i < n; ++i) {
            if (aggs[i] != r.agg) continue;
            Bundle& b = by_key[tuple];
            if (b.entries.empty()) {
                b.key = tuple;
                b.entries.assign(n, nullptr);
            }
            b.entries[i] = &r;
        }
    }
    if (by_key.empty()) return "";
    // Zero-valued stand-ins for the aggregations a key is missing from, with that key.
    std::vector<std::vector<AggRow>> zeros(n);
    std::vector<Bundle> bundles;
    for (auto& [tuple, b] : by_key) bundles.push_back(std::move(b));
    for (size_t i = 0; i < n; ++i) {
        const codegen::AggDesc& d = ps.aggregations[aggs[i] - 1];
        zeros[i].reserve(bundles.size());
        for (auto& b : bundles) {
            if (b.entries[i]) continue;
            AggRow z;
            z.agg = aggs[i];
            z.key.assign(8, 0);
            std::memcpy(z.key.data(), &z.agg, 4);
            z.key.insert(z.key.end(), b.key.begin(), b.key.end());
            z.value.assign(d.value_size / 8, 0);
            zeros[i].push_back(std::move(z));
            b.entries[i] = &zeros[i].back();
        }
    }
    // Sorted on the value of the aggregation at aggsortpos, then the next ones, then the key
    // (with aggsortkey: the key first).
    size_t sortpos = opts.sortpos < 0 || static_cast<uint64_t>(opts.sortpos) >= n ? 0 : static_cast<size_t>(opts.sortpos);
    const codegen::AggDesc& lead = ps.aggregations[aggs[0] - 1];
    std::sort(bundles.begin(), bundles.end(), [&](const Bundle& a, const Bundle& b) {
        int c = 0;
        if (opts.sortkey) c = compare_keys(*a.entries[0], *b.entries[0], lead, opts.sortkeypos);
        for (size_t i = 0; c == 0 && i < n; ++i) {
            size_t j = (i + sortpos) % n;
            c = compare_values(*a.entries[j], *b.entries[j], ps.aggregations[aggs[j] - 1]);
        }
        if (c == 0 && !opts.sortkey) c = compare_keys(*a.entries[0], *b.entries[0], lead, opts.sortkeypos);
        return flip(c, opts) < 0;
    });
    std::string out;
    if (!format && n == 1 && packs(lead, opts)) {
        std::vector<const AggRow*> ordered;
        for (const Bundle& b : bundles) ordered.push_back(b.entries[0]);
        *printed = true;
        return packed_rows(ordered, lead, opts, ctx);
    }
    for (const Bundle& b : bundles) {
        auto keys = key_values(*b.entries[0], lead, ctx);
        if (!format) {
            std::string values;
            for (size_t i = 0; i < n; ++i) {
                const AggRow& r = *b.entries[i];
                values += value_text(r, ps.aggregations[aggs[i] - 1], normal_of(r, normals), opts);
            }
            out += output::format_agg_row(keys, values);
            continue;
        }
        std::vector<output::Value> vals;
        for (size_t i = 0; i < n; ++i) {
            const AggRow& r = *b.entries[i];
            vals.push_back(printa_value(r, ps.aggregations[aggs[i] - 1], normal_of(r, normals), opts));
        }
        out += output::format_printf(*format, keys, ctx, vals).text;
    }
    *printed = true;
    return out;
}

namespace {

output::JsonAggValue json_value_of(const AggRow& r, const codegen::AggDesc& d, uint64_t normal) {
    auto at = [&](size_t i) { return i < r.value.size() ? r.value[i] : 0; };
    switch (d.func) {
        case AggFunc::Avg: return output::json_agg_avg(static_cast<uint64_t>(at(0)), at(1), normal);
        case AggFunc::Stddev:
            return output::json_agg_stddev(static_cast<uint64_t>(at(0)), at(1), static_cast<uint64_t>(at(2)),
                                           static_cast<uint64_t>(at(3)), normal);
        case AggFunc::Quantize: return output::json_agg_quantize(r.value, normal);
        case AggFunc::Lquantize: {
            formats::LquantizeParams p{static_cast<int32_t>(d.base), static_cast<uint16_t>(d.step),
                                      static_cast<uint16_t>(d.levels)};
            return output::json_agg_lquantize(p, r.value, normal);
        }
        case AggFunc::Llquantize: return output::json_agg_llquantize(d.llquantize, r.value, normal);
        default: return output::json_agg_scalar(at(0), normal);
    }
}

}  // namespace

std::string json_aggregations(const std::vector<AggRow>& snapshot_rows, const codegen::ProgramSet& ps,
                              const std::vector<uint32_t>& aggs, const AggPrintOptions& opts,
                              const AggNormals& normals, const std::set<uint32_t>& skip,
                              const output::FormatContext& ctx) {
    std::vector<AggRow> merged;
    const std::vector<AggRow>& rows = merge_user_keys(snapshot_rows, ps, ctx, merged);
    std::vector<uint32_t> ids = aggs;
    if (ids.empty())
        for (const auto& d : ps.aggregations)
            if (!skip.count(d.id)) ids.push_back(d.id);
    std::string out;
    for (uint32_t id : ids) {
        if (id == 0 || id > ps.aggregations.size()) continue;
        const codegen::AggDesc& d = ps.aggregations[id - 1];
        std::vector<const AggRow*> mine;
        for (const auto& r : rows)
            if (r.agg == id) mine.push_back(&r);
        if (mine.empty()) continue;
        std::sort(mine.begin(), mine.end(), [&](const AggRow* a, const AggRow* b) {
            return flip(compare_entries(*a, *b, d, opts), opts) < 0;
        });
        std::vector<output::JsonAggRow> jrows;
        for (const AggRow* r : mine) jrows.push_back({key_values(*r, d, ctx), json_value_of(*r, d, normal_of(*r, normals))});
        out += output::json_aggregation_line(d.name.substr(1), jrows) + "\n";
    }
    return out;
}

}  // namespace bdtrace::runtime
