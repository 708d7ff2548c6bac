/* Profile provider probes: a sampling rate and a tick interval. */
profile:::profile-97
{
    @lt_samples = count();
}

profile:::tick-1sec
{
    printa(@lt_samples);
}
