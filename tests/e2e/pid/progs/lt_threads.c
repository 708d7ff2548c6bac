/* Multithreaded target: 4 threads (lt_thread_main, argument 1..4) each call lt_work(n, 100) 5
 * times, returning n + 100; the main thread calls lt_work(0, 7) twice, before creating them and
 * after joining them. A barrier keeps all 4 threads alive at once, so no tid is reused. */
#include <pthread.h>

#define NI __attribute__((noinline))

static pthread_barrier_t lt_barrier;

NI int lt_work(int n, long base) { return n + (int)base; }

NI void* lt_thread_main(void* arg) {
    int n = (int)(long)arg;
    pthread_barrier_wait(&lt_barrier);
    for (int i = 0; i < 5; i++) lt_work(n, 100);
    return arg;
}

int main(void) {
    pthread_t t[4];
    lt_work(0, 7);
    pthread_barrier_init(&lt_barrier, NULL, 4);
    for (long i = 0; i < 4; i++) pthread_create(&t[i], NULL, lt_thread_main, (void*)(i + 1));
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    lt_work(0, 7);
    return 0;
}
