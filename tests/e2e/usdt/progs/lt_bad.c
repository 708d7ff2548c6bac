/* Calls lt_bad_fire(7) once (lt_bad.S). */
void lt_bad_fire(int);

int main(void) {
    lt_bad_fire(7);
    return 0;
}
