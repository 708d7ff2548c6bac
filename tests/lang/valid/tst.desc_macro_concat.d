/* Macro text is joined with the text around it inside one field. */
profile:::tick-$1sec
{
    exit(0);
}
