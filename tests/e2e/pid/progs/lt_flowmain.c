/* Calls lt_flow_outer() (lt_flowlib.c, a shared library) twice. */
int lt_flow_outer(int);

volatile int lt_flow_sum;

int main(void) {
    for (int i = 0; i < 2; i++) lt_flow_sum += lt_flow_outer(i);
    return 0;
}
