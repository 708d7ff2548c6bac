/* Linked with liblt_lib.so (loaded at start): calls lt_lib_work(k) for k = 1..3, then
 * lt_lib_done(). "wait FIFO": waits for the test's go (lt_wait.h) first. */
#include <string.h>

#include "lt_wait.h"

int lt_lib_work(int k);
void lt_lib_done(void);

int main(int argc, char** argv) {
    if (argc > 2 && strcmp(argv[1], "wait") == 0) lt_wait_for_go(argv[2]);
    for (int k = 1; k <= 3; k++) lt_lib_work(k);
    lt_lib_done();
    return 0;
}
