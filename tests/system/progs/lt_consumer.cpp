// A consumer of the installed library (package.sh): built with pkg-config's flags against
// /usr/include/bdtrace, it runs a D program and prints its aggregation as data.
#include <bdtrace/bdtrace.h>

#include <cstdio>

int main() {
    bdtrace::OpenOptions oo;
    oo.program_name = "lt_consumer";
    oo.sinks.out = [](std::string_view) {};
    oo.sinks.err = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stderr); };
    auto c = bdtrace::Consumer::open(std::move(oo));
    bdtrace::CompileRequest req;
    req.spec = bdtrace::ProbeSpec::Script;
    req.text = "BEGIN { @hits[\"begin\"] = count(); @hits[\"again\"] = count(); @hits[\"again\"] = count(); exit(0); }";
    req.source_name = "lt_consumer.d";
    auto p = c->compile(req);
    if (!p || !c->exec(*p, nullptr) || !c->go()) {
        std::fprintf(stderr, "lt_consumer: %s\n", c->last_error().c_str());
        return 1;
    }
    while (c->work() == bdtrace::WorkStatus::Okay) {
    }
    c->stop();
    for (const auto& a : c->aggregate_snapshot())
        for (const auto& e : a.entries) std::printf("%s %s %lld\n", a.name.c_str(), e.keys[0].text.c_str(), (long long)e.value.value);
    return 0;
}
