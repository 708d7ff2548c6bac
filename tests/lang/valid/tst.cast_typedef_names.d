/* Casts to built-in typedef names. */
BEGIN
{
    lt_a = (uint8_t)arg0;
    lt_b = (int16_t)arg0;
    lt_c = (uint32_t)arg0;
    lt_d = (int64_t)arg0;
    lt_e = (uint64_t)arg0;
    lt_f = (uintptr_t)arg0;
    lt_g = (size_t)arg0;
    lt_h = (pid_t)arg0;
    trace(lt_a + lt_e);
}
