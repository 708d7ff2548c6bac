#include "bdtrace/diag_tag.h"

namespace bdtrace {

const char* stage_name(DiagStage s) {
    switch (s) {
        case DiagStage::None: return "none";
        case DiagStage::Frontend: return "frontend";
        case DiagStage::Consumer: return "consumer";
        case DiagStage::Sema: return "sema";
        case DiagStage::Aggs: return "aggregations";
        case DiagStage::Printf: return "printf";
        case DiagStage::Probes: return "probes";
        case DiagStage::Usdtgen: return "usdtgen";
    }
    return "?";
}

}  // namespace bdtrace
