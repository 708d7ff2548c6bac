/* Calls lt_shared() of liblt_shared.so LT_TIMES times (set with -DLT_TIMES=N), then exits. */
int lt_shared(int x);

int main(void) {
    int sum = 0;
    for (int i = 0; i < LT_TIMES; ++i) sum += lt_shared(i);
    return sum >= 0 ? 0 : 1;
}
