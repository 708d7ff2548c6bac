#include "process/symbol_order.h"

#include <elf.h>

namespace bdtrace::process {

bool symbol_before(const ElfSymbol& a, const ElfSymbol& b) {
    if (a.value != b.value) return a.value < b.value;
    bool a_local = a.bind == STB_LOCAL, b_local = b.bind == STB_LOCAL;
    if (a_local != b_local) return b_local;
    bool a_dollar = !a.name.empty() && a.name[0] == '$';
    bool b_dollar = !b.name.empty() && b.name[0] == '$';
    if (a_dollar != b_dollar) return b_dollar;
    size_t i = 0;
    while (i < a.name.size() && i < b.name.size() && a.name[i] == '_' && b.name[i] == '_') ++i;
    bool a_under = i < a.name.size() && a.name[i] == '_';
    bool b_under = i < b.name.size() && b.name[i] == '_';
    if (a_under != b_under) return b_under;
    if (a.size != b.size) return a.size < b.size;
    return a.name < b.name;
}

}  // namespace bdtrace::process
