// Aggregations as data for the API's consumers (Consumer::aggregate_snapshot), and user
// addresses named as libproc names them (Consumer::user_address_name): what a consumer built
// on the library (tools/plockstat) needs to print reports of its own.
#include <algorithm>
#include <cstdio>

#include "api/consumer_impl.h"
#include "codegen/abi.h"
#include "output/agg_format.h"
#include "output/agg_ranges.h"
#include "runtime/agg_sort.h"
#include "runtime/agg_user_keys.h"

namespace bdtrace {

namespace {

using sema::AggFunc;

AggregationFunction function_of(AggFunc f) {
    switch (f) {
        case AggFunc::Count: return AggregationFunction::Count;
        case AggFunc::Sum: return AggregationFunction::Sum;
        case AggFunc::Min: return AggregationFunction::Min;
        case AggFunc::Max: return AggregationFunction::Max;
        case AggFunc::Avg: return AggregationFunction::Avg;
        case AggFunc::Stddev: return AggregationFunction::Stddev;
        case AggFunc::Quantize: return AggregationFunction::Quantize;
        case AggFunc::Lquantize: return AggregationFunction::Lquantize;
        case AggFunc::Llquantize: return AggregationFunction::Llquantize;
    }
    return AggregationFunction::Count;
}

AggregationKey key_of(const output::Value& v) {
    AggregationKey k;
    switch (v.kind) {
        case output::Value::Kind::Integer:
            k.kind = AggregationKey::Kind::Integer;
            k.integer = v.is_signed ? static_cast<uint64_t>(v.as_signed()) : v.as_unsigned();
            k.is_signed = v.is_signed;
            k.size = v.size;
            break;
        case output::Value::Kind::Float:
            k.kind = AggregationKey::Kind::Float;
            k.floating = static_cast<double>(v.fp);
            break;
        case output::Value::Kind::Bytes:
            if (v.is_string) {
                k.kind = AggregationKey::Kind::String;
                k.text = v.bytes.substr(0, v.bytes.find('\0'));
            } else {
                k.kind = AggregationKey::Kind::Bytes;
                k.text = v.bytes;
            }
            break;
        case output::Value::Kind::Stack:
            k.kind = AggregationKey::Kind::Stack;
            for (const std::string& f : v.frames)
                if (!f.empty()) k.frames.push_back(f);
            break;
        case output::Value::Kind::Symbol:
        case output::Value::Kind::Verbatim:
            k.kind = AggregationKey::Kind::Symbol;
            k.text = v.text;
            break;
    }
    return k;
}

AggregationValue value_of(const runtime::AggRow& r, const codegen::AggDesc& d) {
    auto at = [&](size_t i) { return i < r.value.size() ? r.value[i] : 0; };
    AggregationValue v;
    std::vector<output::BucketRange> ranges;
    switch (d.func) {
        case AggFunc::Avg:
            v.count = static_cast<uint64_t>(at(0));
            v.sum = at(1);
            v.value = v.count ? at(1) / at(0) : 0;
            return v;
        case AggFunc::Stddev:
            v.count = static_cast<uint64_t>(at(0));
            v.sum = at(1);
            v.value = static_cast<int64_t>(output::agg_stddev(v.count, v.sum, static_cast<uint64_t>(at(2)),
                                                              static_cast<uint64_t>(at(3))));
            return v;
        case AggFunc::Quantize: ranges = output::quantize_ranges(); break;
        case AggFunc::Lquantize:
            ranges = output::lquantize_ranges({static_cast<int32_t>(d.base), static_cast<uint16_t>(d.step),
                                               static_cast<uint16_t>(d.levels)});
            break;
        case AggFunc::Llquantize: ranges = output::llquantize_ranges(d.llquantize); break;
        default: v.value = at(0); return v;
    }
    for (size_t i = 0; i < ranges.size(); ++i) {
        v.buckets.push_back({ranges[i].min, ranges[i].max, at(i)});
        v.value += at(i);
    }
    v.count = static_cast<uint64_t>(v.value);
    return v;
}

}  // namespace

std::vector<Aggregation> Consumer::aggregate_snapshot() {
    Impl& impl = *impl_;
    std::vector<Aggregation> out;
    if (!impl.programs || !impl.printer) return out;
    const codegen::ProgramSet& ps = *impl.programs;
    std::vector<runtime::AggRow> read;
    if (impl.session && !impl.stopped)
        read = runtime::snapshot_aggregations(agg_maps(impl), ps);
    const std::vector<runtime::AggRow>& snapshot = impl.session && !impl.stopped ? read : impl.final_aggregations;
    const output::FormatContext& ctx = impl.printer->format_context();
    std::vector<runtime::AggRow> holder;
    const std::vector<runtime::AggRow>& rows = runtime::merge_user_keys(snapshot, ps, ctx, holder);
    const runtime::AggPrintOptions& opts = impl.printer->options().agg;
    for (const codegen::AggDesc& d : ps.aggregations) {
        std::vector<const runtime::AggRow*> mine;
        for (const auto& r : rows)
            if (r.agg == d.id) mine.push_back(&r);
        std::sort(mine.begin(), mine.end(), [&](const runtime::AggRow* a, const runtime::AggRow* b) {
            int c = opts.sortkey ? runtime::compare_keys(*a, *b, d, opts.sortkeypos) : runtime::compare_values(*a, *b, d);
            if (c == 0)
                c = opts.sortkey ? runtime::compare_values(*a, *b, d) : runtime::compare_keys(*a, *b, d, opts.sortkeypos);
            return (opts.sortrev ? -c : c) < 0;
        });
        Aggregation agg;
        agg.name = d.name;
        agg.function = function_of(d.func);
        for (const runtime::AggRow* r : mine) {
            AggregationEntry e;
            for (const output::Value& k : runtime::agg_key_values(*r, d, ctx)) e.keys.push_back(key_of(k));
            e.value = value_of(*r, d);
            agg.entries.push_back(std::move(e));
        }
        out.push_back(std::move(agg));
    }
    return out;
}

std::string Consumer::user_address_name(uint64_t pid, uint64_t address) {
    Impl& impl = *impl_;
    if (!impl.printer) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
        return buf;
    }
    return impl.printer->user_symbols().lookup(pid, address);
}

}  // namespace bdtrace
