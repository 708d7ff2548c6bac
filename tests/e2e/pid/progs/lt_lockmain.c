/* Calls lt_locked() and lt_plain_asm() (lt_lock.S) twice each. */
int lt_locked(void);
int lt_plain_asm(void);

int main(void) {
    for (int i = 0; i < 2; i++) {
        lt_locked();
        lt_plain_asm();
    }
    return 0;
}
