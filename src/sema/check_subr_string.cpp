// String and byte-order subroutines: strlen, strjoin, substr, index, rindex, strstr, strchr,
// strrchr, strtok, toupper, tolower, lltostr, strtoll, basename, dirname, cleanpath, inet_ntoa,
// inet_ntoa6, inet_ntop, htons/htonl/htonll, ntohs/ntohl/ntohll, stringof.
#include "sema/checker.h"

namespace bdtrace::sema {

NodePtr Checker::string_subroutine(const ast::Expr&, const std::string&) { return nullptr; }

}  // namespace bdtrace::sema
