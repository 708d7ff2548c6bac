/* Loads liblt_lib.so (from the program's directory) with dlopen() and calls lt_lib_work(k) for
 * k = 1..3, then lt_lib_done(). "wait FIFO": loads the library first, then waits for the
 * test's go (lt_wait.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "lt_wait.h"

int main(int argc, char** argv) {
    char path[4096];
    snprintf(path, sizeof path, "%s", argv[0]);
    char* slash = strrchr(path, '/');
    snprintf(slash ? slash + 1 : path, sizeof path - (size_t)(slash ? slash + 1 - path : 0), "liblt_lib.so");
    void* h = dlopen(path, RTLD_NOW);
    if (!h) return 2;
    int (*work)(int) = (int (*)(int))dlsym(h, "lt_lib_work");
    void (*done)(void) = (void (*)(void))dlsym(h, "lt_lib_done");
    if (argc > 2 && strcmp(argv[1], "wait") == 0) lt_wait_for_go(argv[2]);
    for (int k = 1; k <= 3; k++) work(k);
    done();
    return 0;
}
