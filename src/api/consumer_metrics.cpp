// -x prometheus: the consumer's side of the exporter (metrics/exporter.h). The snapshot a
// scrape is answered with is taken here, on the consumer's thread: the aggregation map read
// once and merged, keys named with the printer's symbols, and the drop counters as the last
// status check found them.
#include "api/consumer_impl.h"
#include "codegen/abi.h"

namespace bdtrace {

bool start_metrics(Consumer::Impl& impl) {
    if (!impl.opts.is_set("prometheus")) return true;
    std::string text = impl.opts.str("prometheus");
    auto at = options::parse_endpoint(text.empty() ? options::kDefaultMetricsEndpoint : text);
    std::string error;
    auto fail = [&](const std::string& why) {
        impl.last_error = "could not enable tracing: " + why;
        impl.failure_status = 1;
        return false;
    };
    if (!at) return fail("-x prometheus=" + text + ": not [address:]port");
    auto labels = runtime::metric_labels(*impl.programs, impl.opts.list("promlabels"), &error);
    if (!labels) return fail(error);
    impl.metric_labels = std::move(*labels);
    impl.exporter = metrics::Exporter::start(at->host, at->port, &error);
    if (!impl.exporter) return fail("cannot serve Prometheus metrics on " + at->text() + ": " + error);
    at->port = impl.exporter->port();
    if (!impl.opts.is_set("quiet"))
        impl.open.sinks.err(impl.open.program_name + ": serving aggregations to Prometheus at http://" + at->text() +
                            "/metrics\n");
    return true;
}

void serve_metrics(Consumer::Impl& impl) {
    if (!impl.exporter || !impl.session) return;
    impl.exporter->serve([&impl] {
        auto rows = runtime::snapshot_aggregations(agg_maps(impl), *impl.programs);
        runtime::ConsumerCounters counters;
        const runtime::DropCounts& drops = impl.session->drops_seen();
        counters.drops = drops.records;
        counters.aggregation_drops = drops.aggregations;
        for (uint64_t d : drops.dynvars) counters.dynvar_drops += d;
        counters.nested_drops = impl.session->recursion_misses_seen();
        return runtime::metric_families(rows, *impl.programs, impl.metric_labels, counters,
                                        impl.printer->format_context());
    });
}

}  // namespace bdtrace
