/* Forking target: the parent calls lt_work(1) 3 times, forks; the child calls lt_work(2) 5 times
 * and exits; the parent waits for it, then calls lt_work(3) twice. lt_work(n) returns n * 10. */
#include <sys/wait.h>
#include <unistd.h>

#define NI __attribute__((noinline))

NI int lt_work(int n) { return n * 10; }

int main(void) {
    for (int i = 0; i < 3; i++) lt_work(1);
    pid_t child = fork();
    if (child == 0) {
        for (int i = 0; i < 5; i++) lt_work(2);
        _exit(0);
    }
    waitpid(child, NULL, 0);
    for (int i = 0; i < 2; i++) lt_work(3);
    return 0;
}
