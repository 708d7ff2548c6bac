// -x prometheus: the option's values, the aggregations as metric families (runtime), and the
// exporter answering scrapes over loopback with snapshots the consumer's thread takes.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <optional>
#include <thread>

#include "metrics/exporter.h"
#include "options/options.h"
#include "runtime/agg_metrics.h"

using namespace bdtrace;

namespace {

std::vector<uint8_t> key_of(uint32_t agg, std::initializer_list<uint64_t> words, std::string str = {},
                            size_t strsize = 0) {
    std::vector<uint8_t> k(8, 0);
    std::memcpy(k.data(), &agg, 4);
    for (uint64_t w : words) {
        size_t at = k.size();
        k.resize(at + 8);
        std::memcpy(k.data() + at, &w, 8);
    }
    if (strsize) {
        size_t at = k.size();
        k.resize(at + strsize, 0);
        std::memcpy(k.data() + at, str.data(), str.size());
    }
    return k;
}

codegen::Field int_key(uint32_t offset, bool is_signed) {
    codegen::Field f;
    f.kind = codegen::Field::Kind::Int;
    f.offset = offset;
    f.size = 8;
    f.is_signed = is_signed;
    return f;
}

codegen::AggDesc agg(uint32_t id, const char* name, sema::AggFunc func, std::vector<codegen::Field> keys,
                     uint32_t value_size = 8) {
    codegen::AggDesc d;
    d.id = id;
    d.name = name;
    d.func = func;
    d.keys = std::move(keys);
    d.value_size = value_size;
    return d;
}

// A test's HTTP client: GET path from 127.0.0.1:port on a connection of its own; the status
// and the whole response (headers and body), or nullopt when the connection fails.
struct Response {
    int status = 0;
    std::string headers, body;
};
std::optional<Response> http_get(uint16_t port, const std::string& path) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return std::nullopt;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::string req = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        send(fd, req.data(), req.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(req.size())) {
        close(fd);
        return std::nullopt;
    }
    std::string all;
    char buf[4096];
    for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) all.append(buf, static_cast<size_t>(n));
    close(fd);
    size_t end = all.find("\r\n\r\n");
    if (all.compare(0, 9, "HTTP/1.1 ") != 0 || end == std::string::npos) return std::nullopt;
    Response r;
    r.status = std::atoi(all.c_str() + 9);
    r.headers = all.substr(0, end);
    r.body = all.substr(end + 4);
    return r;
}

runtime::AggRow row(uint32_t agg, std::vector<uint8_t> key, std::vector<int64_t> value) {
    runtime::AggRow r;
    r.agg = agg;
    r.key = std::move(key);
    r.value = std::move(value);
    return r;
}

}  // namespace

TEST(MetricsEndpoint, Values) {
    auto e = options::parse_endpoint("9464");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->text(), "127.0.0.1:9464");
    e = options::parse_endpoint("0.0.0.0:80");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->host, "0.0.0.0");
    EXPECT_EQ(e->port, 80);
    e = options::parse_endpoint("localhost:0");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->text(), "127.0.0.1:0");
    e = options::parse_endpoint("[::1]:9464");
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->ipv6);
    EXPECT_EQ(e->host, "::1");
    EXPECT_EQ(e->text(), "[::1]:9464");
    for (const char* bad : {"", ":", "x", "65536", "-1", "1.2.3:80", "host.example:80", "127.0.0.1:", "[::1]",
                            "[::1]80", "::1:80", "127.0.0.1:99999", "1.2.3.4:8o"})
        EXPECT_FALSE(options::parse_endpoint(bad)) << bad;
}

TEST(MetricsEndpoint, OptionSet) {
    options::OptionSet s;
    EXPECT_FALSE(s.is_set("prometheus"));
    EXPECT_EQ(s.set("prometheus", std::nullopt), std::nullopt);
    EXPECT_TRUE(s.is_set("prometheus"));
    EXPECT_EQ(s.str("prometheus"), "");  // the default endpoint
    EXPECT_EQ(s.set("prometheus", "10.0.0.1:9464"), std::nullopt);
    EXPECT_EQ(s.str("prometheus"), "10.0.0.1:9464");
    EXPECT_EQ(s.set("prometheus", "nowhere:1"), std::string(options::kBadOptionValue));
    EXPECT_EQ(s.set("promlabels", "@a=x,y"), std::nullopt);
    EXPECT_EQ(s.set("promlabels", "b=z"), std::nullopt);
    EXPECT_EQ(s.list("promlabels"), (std::vector<std::string>{"@a=x,y", "b=z"}));
}

TEST(MetricFamilies, EveryFunction) {
    codegen::ProgramSet ps;
    codegen::Field str;
    str.kind = codegen::Field::Kind::String;
    str.offset = 8;
    str.size = 16;
    ps.aggregations.push_back(agg(1, "@calls", sema::AggFunc::Count, {str}));
    ps.aggregations.push_back(agg(2, "@bytes_total", sema::AggFunc::Sum, {}));
    ps.aggregations.push_back(agg(3, "@mean", sema::AggFunc::Avg, {int_key(8, true)}, 16));
    ps.aggregations.push_back(agg(4, "@lat", sema::AggFunc::Lquantize, {}, 5 * 8));
    ps.aggregations[3].base = 0;
    ps.aggregations[3].step = 10;
    ps.aggregations[3].levels = 3;
    ps.aggregations.push_back(agg(5, "@_", sema::AggFunc::Max, {}));  // @, as D names it
    ps.aggregations.push_back(agg(6, "@unused", sema::AggFunc::Min, {}));
    std::vector<runtime::AggRow> rows = {
        row(1, key_of(1, {}, "read", 16), {12}),
        row(1, key_of(1, {}, "close", 16), {3}),
        row(2, key_of(2, {}), {4096}),
        row(3, key_of(3, {static_cast<uint64_t>(-2)}), {4, 10}),
        row(4, key_of(4, {}), {1, 0, 2, 0, 1}),
        row(5, key_of(5, {}), {77}),
    };
    runtime::MetricLabels labels = {{"@calls", {"syscall"}}};
    runtime::ConsumerCounters counters;
    counters.drops = {0, 5};
    counters.aggregation_drops = {1, 0};
    counters.dynvar_drops = 2;
    auto families = runtime::metric_families(rows, ps, labels, counters, {});
    EXPECT_EQ(output::prometheus_text(families),
              "# HELP dtrace_calls_total bdtrace aggregation @calls = count()\n"
              "# TYPE dtrace_calls_total counter\n"
              "dtrace_calls_total{syscall=\"close\"} 3\n"
              "dtrace_calls_total{syscall=\"read\"} 12\n"
              "# HELP dtrace_bytes_total bdtrace aggregation @bytes_total = sum()\n"
              "# TYPE dtrace_bytes_total counter\n"
              "dtrace_bytes_total 4096\n"
              "# HELP dtrace_mean bdtrace aggregation @mean = avg()\n"
              "# TYPE dtrace_mean gauge\n"
              "dtrace_mean{key0=\"-2\"} 2.5\n"
              "# HELP dtrace_lat bdtrace aggregation @lat = lquantize()\n"
              "# TYPE dtrace_lat histogram\n"
              "dtrace_lat_bucket{le=\"-1\"} 1\n"
              "dtrace_lat_bucket{le=\"9\"} 1\n"
              "dtrace_lat_bucket{le=\"19\"} 3\n"
              "dtrace_lat_bucket{le=\"29\"} 3\n"
              "dtrace_lat_bucket{le=\"+Inf\"} 4\n"
              "dtrace_lat_sum 49\n"
              "dtrace_lat_count 4\n"
              "# HELP dtrace_aggregation bdtrace aggregation @ = max()\n"
              "# TYPE dtrace_aggregation gauge\n"
              "dtrace_aggregation 77\n"
              "# HELP dtrace_unused bdtrace aggregation @unused = min()\n"
              "# TYPE dtrace_unused gauge\n"
              "# HELP dtrace_drops_total Records lost because the trace buffer was full, by CPU\n"
              "# TYPE dtrace_drops_total counter\n"
              "dtrace_drops_total{cpu=\"0\"} 0\n"
              "dtrace_drops_total{cpu=\"1\"} 5\n"
              "# HELP dtrace_aggregation_drops_total Aggregation updates lost because the aggregation buffer "
              "was full (-x aggsize), by CPU\n"
              "# TYPE dtrace_aggregation_drops_total counter\n"
              "dtrace_aggregation_drops_total{cpu=\"0\"} 1\n"
              "dtrace_aggregation_drops_total{cpu=\"1\"} 0\n"
              "# HELP dtrace_dynamic_variable_drops_total Dynamic variable stores lost because their space was "
              "full (-x dynvarsize)\n"
              "# TYPE dtrace_dynamic_variable_drops_total counter\n"
              "dtrace_dynamic_variable_drops_total 2\n"
              "# HELP dtrace_nested_drops_total Probe firings the kernel skipped because their program was "
              "already running on that CPU\n"
              "# TYPE dtrace_nested_drops_total counter\n"
              "dtrace_nested_drops_total 0\n");
}

TEST(MetricFamilies, StddevIsExact) {
    codegen::ProgramSet ps;
    ps.aggregations.push_back(agg(1, "@sd", sema::AggFunc::Stddev, {}, 32));
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, standard deviation 2.
    auto families = runtime::metric_families({row(1, key_of(1, {}), {8, 40, 232, 0})}, ps, {}, {}, {});
    ASSERT_FALSE(families.empty());
    ASSERT_EQ(families[0].samples.size(), 1u);
    EXPECT_EQ(output::prometheus_number(families[0].samples[0].value), "2");
}

TEST(MetricFamilies, LabelSettings) {
    codegen::ProgramSet ps;
    ps.aggregations.push_back(agg(1, "@lat", sema::AggFunc::Quantize, {int_key(8, false), int_key(16, false)}, 127 * 8));
    ps.aggregations.push_back(agg(2, "@calls", sema::AggFunc::Count, {int_key(8, false)}));
    std::string error;
    auto labels = runtime::metric_labels(ps, {"@lat=pid", "calls=tid"}, &error);
    ASSERT_TRUE(labels) << error;
    EXPECT_EQ(labels->at("@lat"), (std::vector<std::string>{"pid"}));
    EXPECT_EQ(labels->at("@calls"), (std::vector<std::string>{"tid"}));
    auto fams = runtime::metric_families({}, ps, *labels, {}, {});
    EXPECT_EQ(fams[0].label_names, (std::vector<std::string>{"pid", "key1"}));

    EXPECT_FALSE(runtime::metric_labels(ps, {"@nosuch=a"}, &error));
    EXPECT_EQ(error, "-x promlabels=@nosuch=a: @nosuch is not an aggregation of the program");
    EXPECT_FALSE(runtime::metric_labels(ps, {"@lat"}, &error));
    EXPECT_EQ(error, "-x promlabels=@lat: expected @aggregation=label[,label...]");
    EXPECT_FALSE(runtime::metric_labels(ps, {"@lat=le"}, &error));
    EXPECT_EQ(error, "-x promlabels=@lat=le: \"le\" is not a label name a histogram may use (le is Prometheus' own)");
    EXPECT_FALSE(runtime::metric_labels(ps, {"@calls=__x"}, &error));
    EXPECT_FALSE(runtime::metric_labels(ps, {"@lat=a,a"}, &error));
    EXPECT_FALSE(runtime::metric_labels(ps, {"@calls=a,b"}, &error));
    EXPECT_EQ(error, "-x promlabels=@calls=a,b: @calls has 1 key");
}

TEST(MetricFamilies, NameClashesAreRefused) {
    codegen::ProgramSet ps;
    ps.aggregations.push_back(agg(1, "@drops", sema::AggFunc::Count, {}));
    std::string error;
    EXPECT_FALSE(runtime::metric_labels(ps, {}, &error));
    EXPECT_EQ(error,
              "aggregation @drops would be exported as dtrace_drops_total, which bdtrace's own counter "
              "dtrace_drops_total exports too; rename the aggregation");
    ps.aggregations[0] = agg(1, "@lat", sema::AggFunc::Quantize, {}, 127 * 8);
    ps.aggregations.push_back(agg(2, "@lat_count", sema::AggFunc::Max, {}));
    EXPECT_FALSE(runtime::metric_labels(ps, {}, &error));
    EXPECT_EQ(error,
              "aggregation @lat_count would be exported as dtrace_lat_count, which aggregation @lat exports too; "
              "rename the aggregation");
}

// The exporter tests load the HTTP module of this build tree.
class MetricsExporter : public ::testing::Test {
protected:
    void SetUp() override { setenv("BDTRACE_HTTP_MODULE", BDTRACE_HTTP_MODULE_PATH, 1); }
};

// The exporter over loopback: a scrape waits until the consumer's thread serves a snapshot
// taken after it arrived; the text is the formatter's; other paths are 404.
TEST_F(MetricsExporter, ScrapesGetFreshSnapshots) {
    std::string error;
    auto exporter = metrics::Exporter::start("127.0.0.1", 0, &error);
    ASSERT_TRUE(exporter) << error;
    ASSERT_NE(exporter->port(), 0);
    std::atomic<int> takes{0};
    std::atomic<bool> done{false};
    auto take = [&] {
        output::PromFamily f{"dtrace_n", output::PromType::Gauge, "help", {}, {}};
        f.samples.push_back({{}, int64_t{++takes}, {}, int64_t{0}});
        return metrics::Exporter::Snapshot{f};
    };
    // Nothing asked: serving takes no snapshot.
    exporter->serve(take);
    EXPECT_EQ(takes.load(), 0);
    std::thread consumer([&] {
        while (!done) {
            exporter->serve(take);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    for (int i = 1; i <= 2; ++i) {
        auto r = http_get(exporter->port(), "/metrics");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 200);
        EXPECT_NE(r->headers.find("\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8"), std::string::npos)
            << r->headers;
        EXPECT_EQ(r->body, "# HELP dtrace_n help\n# TYPE dtrace_n gauge\ndtrace_n " + std::to_string(i) + "\n");
    }
    auto missing = http_get(exporter->port(), "/other");
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->status, 404);
    done = true;
    consumer.join();
    EXPECT_EQ(takes.load(), 2);
}

TEST_F(MetricsExporter, AddressInUse) {
    std::string error;
    auto first = metrics::Exporter::start("127.0.0.1", 0, &error);
    ASSERT_TRUE(first) << error;
    auto second = metrics::Exporter::start("127.0.0.1", first->port(), &error);
    EXPECT_FALSE(second);
    EXPECT_EQ(error, "Address already in use");
}

TEST_F(MetricsExporter, StoppingAnswersWaitingScrapes) {
    std::string error;
    auto exporter = metrics::Exporter::start("127.0.0.1", 0, &error);
    ASSERT_TRUE(exporter) << error;
    uint16_t port = exporter->port();
    std::thread scraper([port] {
        auto r = http_get(port, "/metrics");
        // Answered 503 when the exporter stops, or cut off: never a snapshot.
        if (r) {
            EXPECT_EQ(r->status, 503);
        }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    exporter.reset();  // nobody served: the scrape must not wait for its timeout
    scraper.join();
}
