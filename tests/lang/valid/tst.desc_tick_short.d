/* Probe names with '-' written without the provider. */
tick-1s
{
    exit(0);
}

profile-1001hz
{
    @lt_cpu[cpu] = count();
}
