/* Nothing but comments. */
/* Reported on the line after the last line of the file. */
